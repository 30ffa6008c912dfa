import CheckedNumbers
import OutsideText

/// What the GStreamer engine reported, typed: one line of the `adhost-gst` helper, or the end of
/// the helper itself.
public enum EngineEvent: Sendable, Equatable {
  /// The helper started; `version` is GStreamer's ("GStreamer 1.22.0").
  case ready(version: String)
  /// The engine's state changed; `position` in seconds when the engine knew it.
  case state(EngineState, position: Double?)
  /// The playhead (at least 4 times a second while playing); `duration` nil for live.
  case time(position: Double, duration: Double?)
  /// An error of the pipeline (or of a command), with the engine's message.
  case error(EngineError)
  /// A SCTE-35 section tsdemux forwarded, with its splice time as the engine mapped it.
  case scte35(EngineSplice)
  /// A fragment the adaptive demuxer downloaded.
  case fragment(url: String, bytes: Int, downloadSeconds: Double?)
  /// How the engine maps an output stream's timestamps to positions, from a new segment on it.
  case segment(EngineSegment)
  /// The timed metadata the host read from each media segment the engine fetched (its proxy's
  /// answer), and the segment's first time.
  case tags(EngineTags)
  /// A playlist or MPD the engine fetched (its proxy's answer), for the host's readers of ad
  /// markers.
  case playlist(EnginePlaylist)
  /// The video sink's counts (at `ended` and when stopped).
  case frames(rendered: Int, dropped: Int)
  /// A screenshot asked for (`GStreamerEngine.screenshot(at:to:)`): written, or why not.
  case screenshot(EngineScreenshot)
  /// The helper took its pipeline to NULL and is exiting, as asked.
  case stopped
  /// The helper exited after it was asked to stop.
  case exited(status: Int32)
  /// The helper ended without being asked (a decoder crash, an abort, a kill): a fatal player
  /// error; no event follows.
  case crashed(String)

  /// The event of one line of the helper; nil for a line that is not one (ignored).
  init?(line: String) {
    guard let object = (try? JSONValue.parse(line))?.objectValue,
      let name = object["event"]?.stringValue
    else { return nil }
    func number(_ key: String) -> Double? { object[key]?.numberValue }
    func text(_ key: String) -> String { object[key]?.stringValue ?? "" }
    switch name {
    case "ready": self = .ready(version: text("version"))
    case "state":
      guard let state = EngineState(rawValue: text("state")) else { return nil }
      self = .state(state, position: number("position"))
    case "time":
      guard let position = number("position") else { return nil }
      self = .time(position: position, duration: number("duration"))
    case "error":
      self = .error(EngineError(message: text("message"), detail: text("debug"), element: text("element")))
    case "scte35":
      guard let section = EngineSplice.bytes(hex: text("section")) else { return nil }
      self = .scte35(
        EngineSplice(
          section: section, runningTime: number("spliceRunningTime"), streamTime: number("spliceStreamTime")))
    case "fragment":
      self = .fragment(
        url: text("url"), bytes: number("bytes").flatMap { Int.checked($0) } ?? 0,
        downloadSeconds: number("downloadSeconds"))
    case "segment":
      guard let start = number("start"), let time = number("time"), let firstPTS = number("firstPTS"),
        let firstStreamTime = number("firstStreamTime")
      else { return nil }
      self = .segment(
        EngineSegment(
          pad: text("pad"), start: start, time: time, base: number("base") ?? 0, firstPTS: firstPTS,
          firstStreamTime: firstStreamTime))
    case "frames":
      self = .frames(
        rendered: number("rendered").flatMap { Int.checked($0) } ?? 0,
        dropped: number("dropped").flatMap { Int.checked($0) } ?? 0)
    case "screenshot":
      guard let screenshot = EngineScreenshot(object) else { return nil }
      self = .screenshot(screenshot)
    case "stopped": self = .stopped
    default: return nil
    }
  }
}

/// The engine's states, with the names of the player's events they map to.
public enum EngineState: String, Sendable, Equatable {
  /// The host asked to play.
  case play
  /// Frames flow: after `play`, after buffering, after a seek while playing.
  case playing
  /// The host asked to pause.
  case pause
  /// The host asked to seek.
  case seeking
  /// The seek finished (the pipeline prerolled at the new position).
  case seeked
  /// Buffering: the engine holds the pipeline until its buffers fill.
  case waiting
  /// The end of the stream.
  case ended
}

/// An error the engine reported.
public struct EngineError: Sendable, Equatable, CustomStringConvertible {
  /// GStreamer's message (or the helper's, for a missing element or a bad command).
  public var message: String
  /// GStreamer's debug text (source file and function), empty when none.
  public var detail: String
  /// The element that posted it, empty when none.
  public var element: String

  /// An error with GStreamer's message, debug text and element.
  public init(message: String, detail: String = "", element: String = "") {
    self.message = message
    self.detail = detail
    self.element = element
  }

  /// The message, with the element when known.
  public var description: String { element.isEmpty ? message : "\(element): \(message)" }
}

/// A SCTE-35 `splice_info_section` as tsdemux forwarded it (`send-scte35-events`).
public struct EngineSplice: Sendable, Equatable {
  /// The section's bytes.
  public var section: [UInt8]
  /// The splice time in the pipeline's running time, seconds; nil when the section has none.
  public var runningTime: Double?
  /// The splice time in stream time (the scale of positions), seconds; nil when unknown.
  public var streamTime: Double?

  static func bytes(hex: String) -> [UInt8]? {
    let digits = Array(hex.utf8)
    guard digits.count.isMultiple(of: 2) else { return nil }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(digits.count / 2)
    for index in stride(from: 0, to: digits.count, by: 2) {
      guard let high = nibble(digits[index]), let low = nibble(digits[index + 1]) else { return nil }
      bytes.append(high << 4 | low)
    }
    return bytes
  }

  private static func nibble(_ digit: UInt8) -> UInt8? {
    switch digit {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return digit - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return digit - UInt8(ascii: "a") + 10
    default: return nil
    }
  }
}

/// A new segment on an output stream of the adaptive demuxer, and the first buffer after it: with
/// the first PTS the host reads from the same bytes, it places the host's tags at the engine's time.
public struct EngineSegment: Sendable, Equatable {
  /// The demuxer's pad (`video_00`, `audio_00`).
  public var pad: String
  /// The segment's start, time and base (GStreamer's `GstSegment`), seconds.
  public var start: Double
  public var time: Double
  public var base: Double
  /// The first buffer's PTS on the engine's scale, and as a position (stream time), seconds.
  public var firstPTS: Double
  public var firstStreamTime: Double
}
