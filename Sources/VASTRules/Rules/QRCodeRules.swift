/// VAST 4.4's QR-code creative extension (`QrCodeScanUrl`, `QrCodeImageUrl`, `QrCodePosition`,
/// `QrCodeSize` in a `CreativeExtension`, or VAST 2.0/3.0's `ctv_qrcode` Extension): a scan URL,
/// and geometry in percentages of the screen, never pixels (CTV screens differ too much).
enum QRCodeRules {
  private static let spec = "\(CTVRules.draft) (QR code CreativeExtension); \(CTVRules.guidance)"
  static let elements: Set<String> = ["QrCodeScanUrl", "QrCodeImageUrl", "QrCodePosition", "QrCodeSize"]

  /// The elements holding a QR code's elements.
  static func blocks(_ scope: DocumentScope) -> [CheckNode] {
    var seen: Set<ObjectIdentifier> = []
    return elements.sorted().flatMap { scope.elements($0) }.compactMap(\.parent)
      .filter { seen.insert(ObjectIdentifier($0)).inserted }
  }

  static let all: [DocumentRule] = [
    DocumentRule(
      "ctv-qrcode-scan-url-missing", .error, .ctv, "A QR code has a <QrCodeScanUrl>, where a scan leads.",
      spec: spec, fix: "add <QrCodeScanUrl> with the landing page's URL"
    ) { scope, hits in
      for block in blocks(scope) where block.child("QrCodeScanUrl") == nil {
        hits.add(block, "<\(block.name)> holds a QR code without <QrCodeScanUrl>")
      }
    },
    DocumentRule(
      "ctv-qrcode-url", .error, .ctv, "A QR code's scan and image URLs are absolute http(s) URLs.",
      spec: spec, fix: "write the full https:// URL"
    ) { scope, hits in
      for node in scope.elements("QrCodeScanUrl") + scope.elements("QrCodeImageUrl") {
        let url = node.trimmedText
        let scheme = URLParts.scheme(url)?.lowercased()
        if (scheme != "https" && scheme != "http") || URLParts.host(url)?.isEmpty != false {
          hits.add(node, "<\(node.name)> '\(url.prefix(60))' is no http(s) URL")
        }
      }
    },
    DocumentRule(
      "ctv-qrcode-position-percent", .error, .ctv,
      "<QrCodePosition> has xPosition and yPosition, each a percentage (pixels, as Icon takes, are not allowed).",
      spec: spec, fix: "write xPosition=\"10%\" yPosition=\"70%\""
    ) { scope, hits in
      for node in scope.elements("QrCodePosition") {
        for name in ["xPosition", "yPosition"] {
          guard let value = node.attribute(name) else {
            hits.add(node, "<QrCodePosition> has no \(name)")
            continue
          }
          if !isPercentage(value) {
            hits.add(node, attribute: name, "\(name) '\(value)' is not a percentage")
          }
        }
      }
    },
    DocumentRule(
      "ctv-qrcode-size-percent", .error, .ctv, "<QrCodeSize> has a size, a percentage of the screen.",
      spec: spec, fix: "write size=\"15%\""
    ) { scope, hits in
      for node in scope.elements("QrCodeSize") {
        guard let size = node.attribute("size") else {
          hits.add(node, "<QrCodeSize> has no size")
          continue
        }
        if !isPercentage(size) { hits.add(node, attribute: "size", "size '\(size)' is not a percentage") }
      }
    },
  ]

  private static func isPercentage(_ text: String) -> Bool {
    guard let value = ValueFormats.percent(text) else { return false }
    return value <= 100
  }
}
