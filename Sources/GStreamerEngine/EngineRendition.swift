/// What the host pins on the engine's adaptive demuxer (hlsdemux2, dashdemux2) for a load, so
/// that its requests match the headless player's: `--variant N` is a floor and ceiling at that
/// variant's `BANDWIDTH`, `--max-bandwidth BPS` a ceiling, `--buffer SECONDS` the forward buffer.
public struct EngineRendition: Sendable, Equatable {
  /// The lowest bitrate of a rendition the engine may play (bits/s; its `min-bitrate`, and where
  /// it starts).
  public var minBitrate: UInt32?
  /// The highest (bits/s; its `max-bitrate`, and where it starts when there is no floor).
  public var maxBitrate: UInt32?
  /// Seconds of media the engine loads ahead of the playhead (`high-watermark-time` and
  /// `max-buffering-time`); nil: the demuxer's 30 s.
  public var bufferSeconds: Double?

  /// The demuxer's own choice: every rendition, a 30 s buffer.
  public init(minBitrate: UInt32? = nil, maxBitrate: UInt32? = nil, bufferSeconds: Double? = nil) {
    self.minBitrate = minBitrate
    self.maxBitrate = maxBitrate
    self.bufferSeconds = bufferSeconds
  }

  /// Exactly the rendition of `bandwidth` bits/s (a variant's `BANDWIDTH`).
  public static func only(bandwidth: UInt32, bufferSeconds: Double? = nil) -> EngineRendition {
    EngineRendition(minBitrate: bandwidth, maxBitrate: bandwidth, bufferSeconds: bufferSeconds)
  }
}
