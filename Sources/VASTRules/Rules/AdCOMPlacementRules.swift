/// What an ad's AdCOM signals say about its format, checked against the ad itself: a CTV Ad
/// Portfolio placement (plcmt 5–9) is a NonLinear ad, and its playback method, position and
/// motion attribute fit the format.
enum AdCOMPlacementRules {
  private static let spec = "\(CTVRules.guidance); AdCOM 1.0-202607"

  static let all: [DocumentRule] = [
    DocumentRule(
      "ctv-placement-nonlinear", .error, .ctv,
      "An ad signalled as a CTV Ad Portfolio placement (plcmt 5–9: pause, screensaver, overlay, squeezeback, in-scene) is NonLinear: its creatives hold NonLinearAds, no Linear.",
      spec: "\(spec); \(CTVRules.draft) (NonLinearAds for the CTV formats)",
      fix: "serve the creative as <NonLinearAds><NonLinear>, or signal the placement the ad was bought for"
    ) { scope, hits in
      for (ad, signals) in AdCOMRules.signals(scope) {
        guard let plcmt = AdCOMRules.value("plcmt", in: signals), let format = AdCOMRules.formats[plcmt]
        else { continue }
        let creatives = ad.subtree.filter { $0.name == "Creative" }
        if creatives.contains(where: { $0.child("Linear") != nil })
          || !creatives.contains(where: { $0.child("NonLinearAds") != nil })
        {
          hits.add(ad, "a \(format) ad (plcmt \(plcmt)) whose creative is not NonLinearAds")
        }
      }
    },
    DocumentRule(
      "ctv-playbackmethod-placement", .warning, .ctv,
      "The pause playback methods (8, 9) go with plcmt 5 (pause), the screensaver ones (10, 11) with plcmt 6.",
      spec: spec, fix: "signal the playback method of the ad's format"
    ) { scope, hits in
      for (_, signals) in AdCOMRules.signals(scope) {
        guard let method = AdCOMRules.value("playbackmethod", in: signals), (8...11).contains(method),
          let node = signals.first(where: { $0.type == "playbackmethod" })?.node
        else { continue }
        let wanted = method <= 9 ? 5 : 6
        if AdCOMRules.value("plcmt", in: signals) != wanted {
          hits.add(
            node, "playbackmethod \(method) is for plcmt \(wanted) (\(AdCOMRules.formats[wanted] ?? ""))")
        }
      }
    },
    DocumentRule(
      "ctv-pos-placement", .warning, .ctv,
      "A CTV format's pos is one of its own: pause and screensaver 7 or 8; overlay 5, 9, 10, 14, 15; squeezeback 11, 12, 13, 16, 17.",
      spec: spec, fix: "signal the position the format is shown at"
    ) { scope, hits in
      for (_, signals) in AdCOMRules.signals(scope) {
        guard let plcmt = AdCOMRules.value("plcmt", in: signals), let allowed = AdCOMRules.positions[plcmt],
          let pos = AdCOMRules.value("pos", in: signals), !allowed.contains(pos),
          let node = signals.first(where: { $0.type == "pos" })?.node
        else { continue }
        hits.add(node, "pos \(pos) is no \(AdCOMRules.formats[plcmt] ?? "") position")
      }
    },
    DocumentRule(
      "ctv-attr-motion", .warning, .ctv,
      "A CTV Ad Portfolio ad's attr signal is a motion attribute: 21 static visual, 22 limited motion, 23 full-motion video.",
      spec: spec, fix: "signal how much the creative moves: 21, 22 or 23"
    ) { scope, hits in
      for (_, signals) in AdCOMRules.signals(scope) {
        guard let plcmt = AdCOMRules.value("plcmt", in: signals), (5...9).contains(plcmt) else { continue }
        for signal in signals where signal.type == "attr" {
          guard let value = signal.value, !(21...23).contains(value) else { continue }
          hits.add(
            signal.node, "attr \(value) says nothing of the \(AdCOMRules.formats[plcmt] ?? "") ad's motion")
        }
      }
    },
  ]
}
