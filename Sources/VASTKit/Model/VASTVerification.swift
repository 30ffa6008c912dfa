/// One `<Verification>` of an ad (IAB VAST 4.3 §3.17): a vendor's measurement code, what to
/// bootstrap it with, and where to report that it did not run.
public struct VASTVerification: Sendable, Equatable, Codable {
  /// Where the element was written.
  public enum Origin: String, Sendable, Codable {
    /// `<AdVerifications>` under InLine or Wrapper (VAST 4.1 and later).
    case adVerifications
    /// `<Extension type="AdVerifications">` (the VAST 3 / 4.0 form).
    case extensionElement = "extension"
  }

  /// `vendor` (`company.com-omid`); nil when absent.
  public var vendor: String?
  /// `<JavaScriptResource>`s, in document order.
  public var javaScriptResources: [VASTJavaScriptResource] = []
  /// `<ExecutableResource>`s, in document order.
  public var executableResources: [VASTExecutableResource] = []
  /// `<TrackingEvents>` (`verificationNotExecuted`).
  public var trackingEvents: [VASTTrackingEvent] = []
  /// `<VerificationParameters>`, verbatim but for surrounding white space.
  public var verificationParameters: String?
  /// Which form it came from.
  public var origin: Origin

  /// An empty verification of a form.
  public init(vendor: String? = nil, origin: Origin) {
    self.vendor = vendor
    self.origin = origin
  }

  /// The tracking URLs of one event, in order.
  public func trackingURLs(_ event: String) -> [String] {
    trackingEvents.filter { $0.event == event }.map(\.url)
  }

  /// The resource a browser player with an OM SDK would run: the first OMID JavaScript resource
  /// (`apiFramework` `omid`, any case), one with `browserOptional="false"` first (VAST 4.3
  /// §3.17.1: players in a browser prefer those, and may run the others). Nil when there is none.
  public var omidResource: VASTJavaScriptResource? {
    let omid = javaScriptResources.filter { $0.apiFramework?.lowercased() == "omid" }
    return omid.first { $0.browserOptional == false } ?? omid.first
  }
}

/// A `<JavaScriptResource>`: the URL of verification script.
public struct VASTJavaScriptResource: Sendable, Equatable, Codable {
  /// The script's URL.
  public var url: String
  /// `apiFramework` (`omid`).
  public var apiFramework: String?
  /// `browserOptional`: whether it runs without a DOM.
  public var browserOptional: Bool?

  /// A resource at a URL.
  public init(url: String, apiFramework: String? = nil, browserOptional: Bool? = nil) {
    self.url = url
    self.apiFramework = apiFramework
    self.browserOptional = browserOptional
  }
}

/// An `<ExecutableResource>`: a non-JavaScript resource for a custom integration.
public struct VASTExecutableResource: Sendable, Equatable, Codable {
  /// The reference (often a URL).
  public var value: String
  /// `apiFramework`.
  public var apiFramework: String?
  /// `type`.
  public var type: String?
  /// `language`.
  public var language: String?

  /// A resource with a reference.
  public init(value: String, apiFramework: String? = nil, type: String? = nil, language: String? = nil) {
    self.value = value
    self.apiFramework = apiFramework
    self.type = type
    self.language = language
  }
}

/// The `[REASON]` codes of `verificationNotExecuted` (IAB VAST 4.3 §3.17.3).
public enum VASTVerificationReason: Int, Sendable, Codable, CaseIterable {
  /// 1: the publisher does not recognise or allow code from the vendor.
  case rejected = 1
  /// 2: the API framework or language of the resources is not supported by the player.
  case notSupported = 2
  /// 3: the resource could not be fetched (bad URL, failed status, timeout).
  case loadFailed = 3

  /// The spec's wording, for logs.
  public var summary: String {
    switch self {
    case .rejected: return "verification resource rejected"
    case .notSupported: return "verification not supported"
    case .loadFailed: return "error during resource load"
    }
  }
}
