import Foundation
import HLSKit
import PlayerSeam

/// An interstitial of the playing content, where it plays, and whether it has.
final class ScheduledInterstitial {
  var interstitial: HLSInterstitial
  /// Where the primary content leaves for it: `START-DATE`, or with `X-SNAP=OUT` the segment
  /// boundary nearest it.
  var time: Double
  /// Whether it has played (to its end, or cut short).
  var played = false
  /// Where a seek that jumped over it (`X-RESTRICT=JUMP`) was going: the primary content goes
  /// on there once it has played.
  var snapbackTarget: Double?
  /// What it came from, which says what its asset list and assets are.
  let format: Format

  /// An HLS interstitial (its list an asset list JSON, its assets playlists), or a DASH
  /// Alternative-MPD event (its list a List MPD, its assets MPDs).
  enum Format { case hls, dash }

  init(_ interstitial: HLSInterstitial, time: Double, format: Format = .hls) {
    self.interstitial = interstitial
    self.time = time
    self.format = format
  }

  var id: String { interstitial.id }
  var isPre: Bool { interstitial.triggers.contains(.pre) }
  var isPost: Bool { interstitial.triggers.contains(.post) }
  var isMidRoll: Bool { !isPre && !isPost }
  /// Whether it may play now: not a `CUE=ONCE` one that has played.
  var mayPlay: Bool { !(played && interstitial.triggers.contains(.once)) }
  var restrictsJump: Bool { interstitial.restrictions.contains(.jump) }
  var restrictsSkip: Bool { interstitial.restrictions.contains(.skip) }

  /// The segment boundary nearest `time` among `segments` (their starts and the last one's end).
  static func snap(_ time: Double, to segments: [HLSSegment]) -> Double {
    var best = time
    var distance = Double.infinity
    for boundary in segments.map(\.startTime) + [segments.last?.endTime].compactMap({ $0 })
    where abs(boundary - time) < distance {
      best = boundary
      distance = abs(boundary - time)
    }
    return best
  }

  /// The interstitial as plugins see it (`event.interstitial`).
  var detail: JSONValue {
    let value = interstitial
    var object = JSONObject([("id", .string(value.id)), ("startTime", .number(time))])
    switch value.asset {
    case .uri(let url): object["assetUri"] = .string(url.absoluteString)
    case .list(let url): object["assetList"] = .string(url.absoluteString)
    }
    if format == .dash, let mode = value.otherAttributes.first(where: { $0.name == "ALTERNATIVE-MPD" }) {
      object["alternativeMPD"] = .string(mode.value)
    }
    if let duration = value.duration { object["duration"] = .number(duration) }
    if let planned = value.plannedDuration { object["plannedDuration"] = .number(planned) }
    if let resume = value.resumeOffset { object["resumeOffset"] = .number(resume) }
    if let limit = value.playoutLimit { object["playoutLimit"] = .number(limit) }
    object["snap"] = Self.words(value.snap.map(\.rawValue))
    object["restrict"] = Self.words(value.restrictions.map(\.rawValue))
    object["cue"] = Self.words(value.triggers.map(\.rawValue))
    object["timelineOccupies"] = .string(value.timelineOccupies.rawValue)
    object["timelineStyle"] = .string(value.timelineStyle.rawValue)
    object["contentMayVary"] = .bool(value.contentMayVary)
    if let control = value.skipControl { object["skipControl"] = Self.skipControl(control) }
    object["attributes"] = .object(
      JSONObject(value.otherAttributes.map { ($0.name, JSONValue.string($0.value)) }))
    return .object(object)
  }

  /// `{"id": …}`: the interstitial in the log.
  var logDetail: JSONValue { .object(JSONObject([("id", .string(id))])) }

  /// The interstitial in the log's `interstitialstart`: its id, and how a timeline shows it when
  /// that is not the default — `timelineOccupies` `RANGE` (with its `duration`, the range's
  /// length), `timelineStyle` `PRIMARY` — which the HTML report draws.
  var startLogDetail: JSONValue {
    let value = interstitial
    guard value.timelineOccupies == .range || value.timelineStyle == .primary else { return logDetail }
    var object = JSONObject([("id", .string(id))])
    if value.timelineOccupies == .range {
      object["timelineOccupies"] = .string(value.timelineOccupies.rawValue)
      if let duration = value.duration { object["duration"] = .number(duration) }
    }
    if value.timelineStyle == .primary { object["timelineStyle"] = .string(value.timelineStyle.rawValue) }
    return .object(object)
  }

  static func words(_ values: [String]) -> JSONValue { .array(values.sorted().map { .string($0) }) }

  static func skipControl(_ control: HLSInterstitial.SkipControl) -> JSONValue {
    var object = JSONObject()
    if let offset = control.offset { object["offset"] = .number(offset) }
    if let duration = control.duration { object["duration"] = .number(duration) }
    if let label = control.labelId { object["labelId"] = .string(label) }
    return .object(object)
  }
}
