import CheckedNumbers
import OutsideText

/// What became of a screenshot asked for with `GStreamerEngine.screenshot(at:to:)`: the PNG of
/// the video frame shown at that media time, written to its file, or why none was.
public struct EngineScreenshot: Sendable, Equatable {
  /// The file asked for.
  public var file: String
  /// The media time asked for (seconds, the position's scale).
  public var at: Double
  /// Written, or not and why.
  public var outcome: Outcome

  /// The file written (with the frame's time and size), or the reason it was not.
  public enum Outcome: Sendable, Equatable {
    /// The PNG of the frame shown at `at` is in the file: the frame starts at `frameTime`
    /// (seconds), and is `width` × `height` pixels.
    case written(frameTime: Double, width: Int, height: Int)
    /// No file was written: the stream ended or the engine stopped first, the frame went by
    /// before it was asked for, or the conversion or the write failed (with the file and errno).
    case failed(String)
  }

  /// The screenshot of a `screenshot` event's members; nil when they are not one.
  init?(_ object: JSONObject) {
    guard let file = object["file"]?.stringValue, let at = object["at"]?.numberValue else { return nil }
    self.file = file
    self.at = at
    if let why = object["error"]?.stringValue {
      outcome = .failed(why)
    } else if let frameTime = object["frameTime"]?.numberValue,
      let width = object["width"]?.numberValue.flatMap({ Int.checked($0) }),
      let height = object["height"]?.numberValue.flatMap({ Int.checked($0) })
    {
      outcome = .written(frameTime: frameTime, width: width, height: height)
    } else {
      return nil
    }
  }
}
