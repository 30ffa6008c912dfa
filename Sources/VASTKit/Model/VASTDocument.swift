/// A parsed VAST document.
public struct VASTDocument: Sendable, Equatable, Codable {
  /// The `version` attribute of the root (e.g. `4.1`), empty when absent.
  public var version: String
  /// The root `<Error>` URLs (a no-ad response carries only these).
  public var errors: [String] = []
  /// The ads, in document order.
  public var ads: [VASTAd] = []
  /// Problems that did not stop parsing (101 signals).
  public var issues: [VASTIssue] = []

  /// A document of a version.
  public init(version: String) { self.version = version }
}

/// Whether an ad is the final answer or points to another document.
public enum VASTAdKind: String, Sendable, Equatable, Codable {
  /// `<InLine>`: carries the creatives.
  case inLine
  /// `<Wrapper>`: points to another VAST document.
  case wrapper
}

/// One `<Ad>` with the content of its `<InLine>` or `<Wrapper>`.
public struct VASTAd: Sendable, Equatable, Codable {
  /// The `id` attribute.
  public var id: String?
  /// The `sequence` attribute: position in a pod; nil for a stand-alone ad.
  public var sequence: Int?
  /// The `conditionalAd` attribute.
  public var conditionalAd: Bool?
  /// The `adType` attribute (`video`, `audio`, `hybrid`).
  public var adType: String?
  /// InLine or Wrapper.
  public var kind: VASTAdKind
  /// `<AdSystem>` and its `version`.
  public var adSystem: String?
  /// The `version` attribute of `<AdSystem>`.
  public var adSystemVersion: String?
  /// `<AdTitle>` (InLine).
  public var adTitle: String?
  /// `<Error>` URLs (after resolving: every document of the chain, wrapper first).
  public var errors: [String] = []
  /// `<Impression>` URLs (after resolving: the whole chain, wrapper first).
  public var impressions: [VASTImpression] = []
  /// `<AdServingId>`.
  public var adServingId: String?
  /// `<Category>` values.
  public var categories: [VASTCategory] = []
  /// `<Description>`.
  public var description: String?
  /// `<Advertiser>`.
  public var advertiser: String?
  /// `<Pricing>`.
  public var pricing: VASTPricing?
  /// `<Expires>` in seconds.
  public var expires: Int?
  /// `<ViewableImpression>` URLs.
  public var viewableImpression: VASTViewableImpression?
  /// `<AdVerifications>` as raw XML (this document's own; see `verifications`).
  public var adVerificationsXML: String?
  /// The verifications of the wrappers this ad was reached through, outermost first (set when
  /// resolving; `verifications` adds the ad's own).
  public var wrapperVerifications: [VASTVerification] = []
  /// `<Extensions>` as raw XML.
  public var extensionsXML: String?
  /// The creatives.
  public var creatives: [VASTCreative] = []
  /// The wrapper's target and flags (Wrapper only).
  public var wrapper: VASTWrapperInfo?

  /// An empty ad of a kind.
  public init(kind: VASTAdKind) { self.kind = kind }

  /// The first linear creative, if any.
  public var linear: VASTLinear? { creatives.lazy.compactMap(\.linear).first }
}

/// What a `<Wrapper>` adds to an ad.
public struct VASTWrapperInfo: Sendable, Equatable, Codable {
  /// `<VASTAdTagURI>` (or the VAST 2 `<VASTAdTagURL>`), possibly relative.
  public var adTagURI: String
  /// `followAdditionalWrappers` (default true).
  public var followAdditionalWrappers: Bool?
  /// `allowMultipleAds` (default false).
  public var allowMultipleAds: Bool?
  /// `fallbackOnNoAd`.
  public var fallbackOnNoAd: Bool?

  /// A wrapper pointing at `adTagURI`.
  public init(adTagURI: String) { self.adTagURI = adTagURI }
}

/// An `<Impression>` URL and its `id`.
public struct VASTImpression: Sendable, Equatable, Codable {
  /// The `id` attribute.
  public var id: String?
  /// The URL.
  public var url: String
}

/// A `<Category>` and its `authority`.
public struct VASTCategory: Sendable, Equatable, Codable {
  /// The `authority` attribute.
  public var authority: String?
  /// The category code.
  public var value: String
}

/// `<Pricing>`: model, currency and value.
public struct VASTPricing: Sendable, Equatable, Codable {
  /// `model` (`CPM`, `CPC`, …).
  public var model: String?
  /// `currency` (ISO 4217).
  public var currency: String?
  /// The price.
  public var value: String
}

/// `<ViewableImpression>` URLs by kind.
public struct VASTViewableImpression: Sendable, Equatable, Codable {
  /// The `id` attribute.
  public var id: String?
  /// `<Viewable>` URLs.
  public var viewable: [String] = []
  /// `<NotViewable>` URLs.
  public var notViewable: [String] = []
  /// `<ViewUndetermined>` URLs.
  public var viewUndetermined: [String] = []
}
