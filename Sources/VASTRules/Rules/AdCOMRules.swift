/// AdCOM signals echoed into a VAST ad (`<Extension type="plcmt" ext="adcom"><plcmt>7</plcmt>`),
/// which tell a stitcher or a measurer downstream of the auction which CTV Ad Portfolio format the
/// ad was bought for: plcmt 5 pause, 6 screensaver, 7 overlay, 8 squeezeback, 9 in-scene.
enum AdCOMRules {
  private static let spec = "\(CTVRules.guidance); AdCOM 1.0-202607"

  /// The AdCOM lists by signal: the codes defined (CTV Ad Portfolio's included).
  static let codes: [String: ClosedRange<Int>] = [
    "plcmt": 1...9, "playbackmethod": 1...11, "pos": 0...17, "attr": 1...23,
  ]
  /// The on-screen positions (`pos`) each CTV format uses, by plcmt.
  static let positions: [Int: Set<Int>] = [
    5: [7, 8], 6: [7, 8], 7: [5, 9, 10, 14, 15], 8: [11, 12, 13, 16, 17],
  ]
  static let formats = [5: "pause", 6: "screensaver", 7: "overlay", 8: "squeezeback", 9: "in-scene"]

  /// One AdCOM Extension: its type and the whole number it carries, if it reads as one.
  struct Signal {
    let node: CheckNode
    let type: String
    let value: Int?
  }

  /// The AdCOM signals of each ad that has any.
  static func signals(_ scope: DocumentScope) -> [(ad: CheckNode, signals: [Signal])] {
    var result: [(ad: CheckNode, signals: [Signal])] = []
    for node in scope.elements("Extension") where node.attribute("ext") == "adcom" {
      guard let ad = node.ancestor("Ad") else { continue }
      let type = node.attribute("type") ?? ""
      let signal = Signal(
        node: node, type: type, value: node.child(type).flatMap { ValueFormats.wholeNumber($0.trimmedText) })
      if let last = result.indices.last, result[last].ad === ad {
        result[last].signals.append(signal)
      } else {
        result.append((ad, [signal]))
      }
    }
    return result
  }

  static func value(_ type: String, in signals: [Signal]) -> Int? { signals.first { $0.type == type }?.value }

  static let all: [DocumentRule] =
    [
      DocumentRule(
        "ctv-adcom-signal-unknown", .warning, .ctv,
        "An AdCOM Extension (ext=\"adcom\") carries plcmt, pos, playbackmethod or attr.", spec: spec,
        fix: "use type=\"plcmt\", \"pos\", \"playbackmethod\" or \"attr\""
      ) { scope, hits in
        for signal in signals(scope).flatMap(\.signals) where codes[signal.type] == nil {
          hits.add(signal.node, attribute: "type", "AdCOM Extension type '\(signal.type)' is no CTV signal")
        }
      },
      DocumentRule(
        "ctv-adcom-signal-element", .error, .ctv,
        "An AdCOM Extension holds one element named as its type (<Extension type=\"plcmt\" ext=\"adcom\"><plcmt>7</plcmt>).",
        spec: spec, fix: "name the element as the Extension's type"
      ) { scope, hits in
        for signal in signals(scope).flatMap(\.signals) where codes[signal.type] != nil {
          if signal.node.children(signal.type).count != 1 {
            hits.add(signal.node, "AdCOM Extension '\(signal.type)' holds no single <\(signal.type)>")
          }
        }
      },
      DocumentRule(
        "ctv-adcom-signal-integer", .error, .ctv,
        "An AdCOM signal's value is a whole number (a code of its AdCOM list).",
        spec: spec, fix: "write the list's code, e.g. <plcmt>5</plcmt>"
      ) { scope, hits in
        for signal in signals(scope).flatMap(\.signals) where codes[signal.type] != nil && signal.value == nil
        {
          if let element = signal.node.child(signal.type) {
            hits.add(element, "<\(signal.type)> '\(element.trimmedText.prefix(20))' is not a whole number")
          }
        }
      },
      valueRule(
        "ctv-adcom-plcmt-value", "plcmt", "AdCOM List: Plcmt Subtypes – Video (5–9: the CTV formats)"),
      valueRule(
        "ctv-adcom-playbackmethod-value", "playbackmethod",
        "AdCOM List: Playback Methods (8–11: pause, screensaver)"),
      valueRule("ctv-adcom-pos-value", "pos", "AdCOM List: Placement Positions"),
      valueRule("ctv-adcom-attr-value", "attr", "AdCOM List: Creative Attributes (21–23: motion)"),
    ] + AdCOMPlacementRules.all

  private static func valueRule(_ id: String, _ type: String, _ list: String) -> DocumentRule {
    let range = codes[type] ?? 0...0
    return DocumentRule(
      id, .warning, .ctv,
      "An AdCOM \(type) signal is a code of \(list), \(range.lowerBound)–\(range.upperBound).",
      spec: spec, fix: "use a code AdCOM defines"
    ) { scope, hits in
      for signal in signals(scope).flatMap(\.signals) where signal.type == type {
        guard let value = signal.value, !range.contains(value), let element = signal.node.child(type) else {
          continue
        }
        hits.add(element, "\(type) \(value) is no code of \(list)")
      }
    }
  }
}
