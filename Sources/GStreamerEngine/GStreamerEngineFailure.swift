/// Why the GStreamer engine could not start or take a source.
public enum GStreamerEngineFailure: Error, Equatable, CustomStringConvertible {
  /// The engine is not there (macOS, or `adhost-gst` not built) or could not start.
  case cannotStart(String)
  /// The source cannot be played by this engine.
  case refusedSource(String)

  /// What went wrong and what to do.
  public var description: String {
    switch self {
    case .cannotStart(let message), .refusedSource(let message): return message
    }
  }
}
