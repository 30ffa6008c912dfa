import CLibXML2

/// Reads `<Verification>` elements out of the raw XML an ad keeps (`adVerificationsXML`,
/// `extensionsXML`), when asked: the parser only cuts the bytes out, so documents without
/// verification cost nothing and the bulk parse stays fast.
enum VASTVerificationReader {
  /// The verifications of `<AdVerifications>` raw XML.
  static func read(adVerifications xml: String) -> [VASTVerification] {
    withTree(xml) { root in
      guard localName(root) == "AdVerifications" else { return [] }
      return children(root, "Verification").map { verification($0, origin: .adVerifications) }
    }
  }

  /// The verifications inside `<Extension type="AdVerifications">` of `<Extensions>` raw XML.
  static func read(extensions xml: String) -> [VASTVerification] {
    // Most Extensions carry none: skip the tree unless the type is written somewhere.
    guard xml.contains("AdVerifications") else { return [] }
    return withTree(xml) { root in
      children(root, "Extension").filter { attribute($0, "type") == "AdVerifications" }.flatMap {
        descendants($0, "Verification").map { verification($0, origin: .extensionElement) }
      }
    }
  }

  private static func verification(_ node: xmlNodePtr, origin: VASTVerification.Origin) -> VASTVerification {
    var result = VASTVerification(vendor: attribute(node, "vendor"), origin: origin)
    for child in children(node) {
      switch localName(child) {
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
        for tracking in children(child, "Tracking") {
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

  /// Parses `xml` (no network, no messages on standard error) and hands its root to `body`;
  /// nothing when it does not parse (it parsed once already, as part of its document).
  private static func withTree(_ xml: String, _ body: (xmlNodePtr) -> [VASTVerification])
    -> [VASTVerification]
  {
    let options =
      Int32(XML_PARSE_NONET.rawValue) | Int32(XML_PARSE_NOERROR.rawValue)
      | Int32(XML_PARSE_NOWARNING.rawValue)
    var bytes = Array(xml.utf8)
    guard !bytes.isEmpty, bytes.count <= Int(Int32.max) else { return [] }
    let document = bytes.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.map { base in
        base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
          xmlReadMemory($0, Int32(buffer.count), nil, "UTF-8", options)
        }
      } ?? nil
    }
    guard let document else { return [] }
    defer { xmlFreeDoc(document) }
    guard let root = xmlDocGetRootElement(document) else { return [] }
    return body(root)
  }

  private static func localName(_ node: xmlNodePtr) -> String {
    node.pointee.name.map { String(cString: $0) } ?? ""
  }

  private static func children(_ node: xmlNodePtr, _ name: String? = nil) -> [xmlNodePtr] {
    var result: [xmlNodePtr] = []
    var child = node.pointee.children
    while let current = child {
      if current.pointee.type == XML_ELEMENT_NODE && (name == nil || localName(current) == name) {
        result.append(current)
      }
      child = current.pointee.next
    }
    return result
  }

  private static func descendants(_ node: xmlNodePtr, _ name: String) -> [xmlNodePtr] {
    children(node).flatMap { localName($0) == name ? [$0] : descendants($0, name) }
  }

  private static func attribute(_ node: xmlNodePtr, _ name: String) -> String? {
    var property = node.pointee.properties
    while let current = property {
      if let attributeName = current.pointee.name, String(cString: attributeName) == name {
        var value = ""
        var child = current.pointee.children
        while let part = child {
          if let content = part.pointee.content { value += String(cString: content) }
          child = part.pointee.next
        }
        return value.trimmingWhitespace()
      }
      property = current.pointee.next
    }
    return nil
  }

  /// The element's text and CDATA, without surrounding white space.
  private static func text(_ node: xmlNodePtr) -> String {
    var value = ""
    var child = node.pointee.children
    while let part = child {
      if part.pointee.type == XML_TEXT_NODE || part.pointee.type == XML_CDATA_SECTION_NODE,
        let content = part.pointee.content
      {
        value += String(cString: content)
      }
      child = part.pointee.next
    }
    return value.trimmingWhitespace()
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
