/// Value formats and enumerations of durations, offsets and tracking events.
enum ValueRules {
  static let all: [DocumentRule] =
    [
      DocumentRule(
        "duration-format", .error, .values, "<Duration> is HH:MM:SS or HH:MM:SS.mmm.",
        spec: "VAST 4.3 §3.8.1.1", fix: "write the duration as HH:MM:SS.mmm"
      ) { scope, hits in
        for node in scope.elements("Duration") where ValueFormats.clock(node.trimmedText) == nil {
          hits.add(node, "Duration '\(node.trimmedText)' is not HH:MM:SS(.mmm)")
        }
      },
      DocumentRule(
        "duration-zero", .warning, .values, "A linear ad lasts longer than zero seconds.",
        spec: "VAST 4.3 §3.8.1.1", fix: "write the media's real duration"
      ) { scope, hits in
        for node in scope.elements("Duration") where ValueFormats.clock(node.trimmedText) == 0 {
          hits.add(node, "Duration is 00:00:00")
        }
      },
      DocumentRule(
        "skipoffset-format", .error, .values, "Linear@skipoffset is HH:MM:SS(.mmm) or n%.",
        spec: "VAST 4.3 §3.8.1 (skipoffset)", fix: "write skipoffset as 00:00:05 or 25%"
      ) { scope, hits in
        for node in scope.elements("Linear") {
          guard let text = node.attribute("skipoffset"), !isOffset(text) else { continue }
          hits.add(node, attribute: "skipoffset", "skipoffset '\(text)' is neither HH:MM:SS(.mmm) nor n%")
        }
      },
      DocumentRule(
        "skipoffset-beyond-duration", .warning, .values, "A skip offset comes before the ad's end.",
        spec: "VAST 4.3 §3.8.1 (skipoffset)", fix: "lower skipoffset below the Duration, or remove it"
      ) { scope, hits in
        for node in scope.elements("Linear") {
          guard let offset = node.attribute("skipoffset").flatMap(ValueFormats.clock),
            let duration = node.child("Duration").flatMap({ ValueFormats.clock($0.trimmedText) }),
            duration > 0,
            offset >= duration
          else { continue }
          hits.add(
            node, attribute: "skipoffset", "skipoffset \(offset) s is not before the Duration, \(duration) s")
        }
      },
      DocumentRule(
        "percent-above-100", .error, .values, "A percentage offset is at most 100%.",
        spec: "VAST 4.3 §3.8.1, §3.15.1", fix: "use a percentage from 0% to 100%"
      ) { scope, hits in
        for node in scope.nodes {
          for name in ["skipoffset", "offset"] {
            guard let value = node.attribute(name).flatMap(ValueFormats.percent), value > 100 else {
              continue
            }
            hits.add(node, attribute: name, "\(name) \(value)% is above 100%")
          }
        }
      },
      DocumentRule(
        "tracking-event-unknown", .error, .values, "Tracking@event is an event the VAST spec defines.",
        spec: "VAST 4.3 §3.15.1; XSD enumerations 2.0.1–4.2",
        fix: "use a defined event; custom measurement goes in Extensions"
      ) { scope, hits in
        for node in TrackingEvents.trackings(scope) {
          guard let event = node.attribute("event"), !TrackingEvents.known.contains(event) else { continue }
          hits.add(node, attribute: "event", "'\(event)' is no VAST tracking event")
        }
      },
      DocumentRule(
        "tracking-event-too-new", .warning, .values,
        "A tracking event is one of the document's version (a newer one is ignored by older players).",
        spec: "XSD enumerations 2.0.1–4.2", fix: "raise the version, or use the version's event"
      ) { scope, hits in
        let column = scope.version.schemaColumn
        for node in TrackingEvents.trackings(scope) {
          guard let event = node.attribute("event"), let first = TrackingEvents.firstColumn(of: event),
            first > column
          else { continue }
          hits.add(
            node, attribute: "event",
            "'\(event)' is VAST \(SchemaShape.versionNames[first]) on, not \(scope.version)")
        }
      },
      DocumentRule(
        "progress-offset-missing", .error, .values, "A progress event has an offset.",
        spec: "VAST 4.3 §3.15.1 (progress)", fix: "add offset=\"00:00:10\" or offset=\"50%\""
      ) { scope, hits in
        for node in TrackingEvents.trackings(scope) where node.attribute("event") == "progress" {
          if node.attribute("offset") == nil { hits.add(node, "a progress event without offset") }
        }
      },
      DocumentRule(
        "tracking-offset-format", .error, .values, "Tracking@offset is HH:MM:SS(.mmm) or n%.",
        spec: "VAST 4.3 §3.15.1 (offset)", fix: "write the offset as 00:00:10 or 50%"
      ) { scope, hits in
        for node in TrackingEvents.trackings(scope) {
          guard let offset = node.attribute("offset"), !isOffset(offset) else { continue }
          hits.add(node, attribute: "offset", "offset '\(offset)' is neither HH:MM:SS(.mmm) nor n%")
        }
      },
      DocumentRule(
        "tracking-offset-not-progress", .warning, .values, "Only progress events have an offset.",
        spec: "VAST 4.3 §3.15.1 (offset: progress only)", fix: "use event=\"progress\", or remove the offset"
      ) { scope, hits in
        for node in TrackingEvents.trackings(scope) where node.attribute("offset") != nil {
          guard let event = node.attribute("event"), event != "progress" else { continue }
          hits.add(node, attribute: "offset", "an offset on a '\(event)' event (ignored)")
        }
      },
      DocumentRule(
        "icon-offset-format", .error, .values, "Icon@offset and Icon@duration are HH:MM:SS(.mmm).",
        spec: "VAST 4.3 §3.16.1", fix: "write them as HH:MM:SS"
      ) { scope, hits in
        for node in scope.elements("Icon") {
          for name in ["offset", "duration"] {
            guard let text = node.attribute(name), ValueFormats.clock(text) == nil else { continue }
            hits.add(node, attribute: name, "\(name) '\(text)' is not HH:MM:SS(.mmm)")
          }
        }
      },
      DocumentRule(
        "icon-position-value", .error, .values,
        "Icon@xPosition is left, right or pixels; Icon@yPosition is top, bottom or pixels.",
        spec: "VAST 4.3 §3.16.1", fix: "use left/right, top/bottom or a whole number of pixels"
      ) { scope, hits in
        for node in scope.elements("Icon") {
          for (name, words) in [("xPosition", ["left", "right"]), ("yPosition", ["top", "bottom"])] {
            guard let text = node.attribute(name), !words.contains(text),
              ValueFormats.wholeNumber(text) == nil
            else { continue }
            hits.add(
              node, attribute: name, "\(name) '\(text)' is not \(words.joined(separator: ", ")) or pixels")
          }
        }
      },
      DocumentRule(
        "nonlinear-duration-format", .error, .values,
        "NonLinear@minSuggestedDuration is HH:MM:SS(.mmm) (VAST 4.4 also MM:SS).",
        spec: "VAST 4.3 §3.12.1; VAST 4.4 draft (vastTime_type)", fix: "write it as HH:MM:SS"
      ) { scope, hits in
        // The 4.4 draft types it vastTime_type, whose hours may be left out.
        let shortAllowed = scope.version >= VASTVersion(4, 4)
        for node in scope.elements("NonLinear") {
          guard let text = node.attribute("minSuggestedDuration"), ValueFormats.clock(text) == nil,
            !(shortAllowed && text.split(separator: ":").count == 2
              && ValueFormats.clock("00:" + text) != nil)
          else {
            continue
          }
          hits.add(
            node, attribute: "minSuggestedDuration", "minSuggestedDuration '\(text)' is not HH:MM:SS(.mmm)")
        }
      },
    ] + FieldValueRules.all

  /// A time offset: `HH:MM:SS(.mmm)` or `n%`.
  static func isOffset(_ text: String) -> Bool {
    ValueFormats.clock(text) != nil || ValueFormats.percent(text) != nil
  }
}
