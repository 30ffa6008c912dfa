import HardenedXML

/// Reads `<Verification>` elements out of the raw XML an ad keeps (`adVerificationsXML`,
/// `extensionsXML`), when asked: the parser only cuts the bytes out, so documents without
/// verification cost nothing and the bulk parse stays fast.
enum VASTVerificationReader {
  /// The verifications of `<AdVerifications>` raw XML.
  static func read(adVerifications xml: String) -> [VASTVerification] {
    XMLFragment.read(xml) { root in
      guard root.name == "AdVerifications" else { return [] }
      return root.children("Verification").map { verification($0, origin: .adVerifications) }
    } ?? []
  }

  /// The verifications inside `<Extension type="AdVerifications">` of `<Extensions>` raw XML.
  static func read(extensions xml: String) -> [VASTVerification] {
    // Most Extensions carry none: skip the tree unless the type is written somewhere.
    guard xml.contains("AdVerifications") else { return [] }
    return XMLFragment.read(xml) { root in
      root.children("Extension").filter { attribute($0, "type") == "AdVerifications" }.flatMap {
        $0.descendants("Verification").map { verification($0, origin: .extensionElement) }
      }
    } ?? []
  }

  private static func verification(_ node: XMLElement, origin: VASTVerification.Origin) -> VASTVerification {
    var result = VASTVerification(vendor: attribute(node, "vendor"), origin: origin)
    for child in node.children() {
      switch child.name {
      case "JavaScriptResource":
        let optional = attribute(child, "browserOptional").flatMap(boolean)
        result.javaScriptResources.append(
          VASTJavaScriptResource(
            url: text(child), apiFramework: attribute(child, "apiFramework"), browserOptional: optional))
      case "ExecutableResource":
        result.executableResources.append(
          VASTExecutableResource(
            value: text(child), apiFramework: attribute(child, "apiFramework"),
            type: attribute(child, "type"),
            language: attribute(child, "language")))
      case "TrackingEvents":
        for tracking in child.children("Tracking") {
          guard let event = attribute(tracking, "event"), !text(tracking).isEmpty else { continue }
          result.trackingEvents.append(VASTTrackingEvent(event: event, url: text(tracking)))
        }
      case "VerificationParameters":
        result.verificationParameters = text(child)
      default: break
      }
    }
    return result
  }

  /// The attribute's value without surrounding white space.
  private static func attribute(_ element: XMLElement, _ name: String) -> String? {
    element.attribute(name)?.trimmingWhitespace()
  }

  /// The element's text and CDATA, without surrounding white space.
  private static func text(_ element: XMLElement) -> String {
    element.text.trimmingWhitespace()
  }

  private static func boolean(_ text: String) -> Bool? {
    switch text.lowercased() {
    case "true", "1": return true
    case "false", "0": return false
    default: return nil
    }
  }
}

extension VASTAd {
  /// Every `<Verification>` of the ad: the wrappers' (outermost first, gathered when the chain
  /// was resolved), then its own `<AdVerifications>`, then its `<Extension type="AdVerifications">`.
  /// Read from the raw XML on each call.
  public var verifications: [VASTVerification] {
    wrapperVerifications + ownVerifications
  }

  /// The verifications written in this ad's own document (both forms), not its wrappers'.
  var ownVerifications: [VASTVerification] {
    (adVerificationsXML.map(VASTVerificationReader.read(adVerifications:)) ?? [])
      + (extensionsXML.map(VASTVerificationReader.read(extensions:)) ?? [])
  }
}
