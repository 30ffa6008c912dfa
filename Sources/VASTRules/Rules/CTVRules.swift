/// VAST 4.4's CTV Ad Portfolio additions to NonLinear ads (pause, screensaver, overlay,
/// squeezeback, in-scene): media files and a duration under `NonLinear`, SIMID in its media
/// files. The draft schema's new places are in `SchemaTable44`.
enum CTVRules {
  static let draft = "VAST 4.4 draft (vast_4.4.xsd, 2026-07-17)"
  static let guidance = "IAB CTV Ad Portfolio signaling guidance (2026-07-22)"

  static let all: [DocumentRule] = [
    DocumentRule(
      "ctv-nonlinear-video-duration", .warning, .ctv,
      "A NonLinear that delivers video in <MediaFiles> has a <Duration> (quartiles and overlayViewDuration need it).",
      spec: "\(draft) (Duration under NonLinear); \(guidance)",
      fix: "add <Duration> with the video's length"
    ) { scope, hits in
      for nonLinear in scope.elements("NonLinear", in: "InLine") where nonLinear.child("Duration") == nil {
        let files = nonLinear.child("MediaFiles")?.children("MediaFile") ?? []
        if files.contains(where: { $0.attribute("type")?.lowercased().hasPrefix("video/") == true }) {
          hits.add(nonLinear, "<NonLinear> delivers video without a <Duration>")
        }
      }
    },
    DocumentRule(
      "ctv-nonlinear-simid-iframe", .warning, .ctv,
      "A NonLinear's SIMID creative is an <InteractiveCreativeFile> in its <MediaFiles>, not an IFrameResource.",
      spec: "\(draft) (InteractiveCreativeFile under NonLinear); \(guidance)",
      fix:
        "move the SIMID URL to <MediaFiles><InteractiveCreativeFile apiFramework=\"SIMID\">, with a MediaFile beside it"
    ) { scope, hits in
      for resource in scope.elements("IFrameResource") where resource.parent?.name == "NonLinear" {
        if resource.attribute("apiFramework")?.uppercased() == "SIMID" {
          hits.add(
            resource, attribute: "apiFramework", "<IFrameResource apiFramework=\"SIMID\"> in a NonLinear")
        }
      }
    },
    DocumentRule(
      "ctv-portfolio-extension-vast4", .info, .ctv,
      "A VAST 4 document carries CTV NonLinear media in the NonLinear itself; the ctv_ad_portfolio and ctv_qrcode Extensions are VAST 2.0/3.0's way.",
      spec: "\(draft); IAB VAST extensions ctv_ad_portfolio, ctv_qrcode (VAST 2.0/3.0)",
      fix: "put the media in <NonLinear><MediaFiles>, the QR code in a CreativeExtension"
    ) { scope, hits in
      guard scope.version >= VASTVersion(4, 0) else { return }
      for node in scope.elements("Extension") {
        guard let type = node.attribute("type"), type == "ctv_ad_portfolio" || type == "ctv_qrcode" else {
          continue
        }
        hits.add(node, attribute: "type", "Extension type '\(type)' in a VAST \(scope.version) document")
      }
    },
  ]
}

extension CheckNode {
  /// The nearest element above named `name`.
  func ancestor(_ name: String) -> CheckNode? {
    var node = parent
    while let current = node {
      if current.name == name { return current }
      node = current.parent
    }
    return nil
  }
}
