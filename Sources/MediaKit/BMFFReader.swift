/// What an fMP4 init segment (`moov`) tells about the media segments: each track's timescale
/// (`mdhd`) and default sample duration (`trex`).
public struct BMFFInit: Equatable, Sendable {
  /// `mdhd` timescale by track id (`tkhd`).
  public var timescales: [UInt32: UInt32] = [:]
  /// `trex` default_sample_duration by track id.
  public var defaultDurations: [UInt32: UInt32] = [:]

  /// An empty description (no track known).
  public init() {}
}

/// Reads the timed metadata of ISO-BMFF / CMAF segments without decoding media: `moov`'s track
/// timescales, `moof/traf`'s `tfhd`, `tfdt` and `trun` (the segment's times), and `emsg` boxes
/// v0 and v1, whose ID3 and SCTE-35 messages are decoded.
public enum BMFFReader {
  /// How deep boxes may nest before the segment is refused.
  public static let maxDepth = 8

  /// Reads an init segment.
  public static func readInit(_ bytes: [UInt8]) throws(MediaError) -> BMFFInit {
    var walker = BMFFWalker(bytes: bytes, initInfo: BMFFInit())
    try walker.walk(0..<bytes.count, depth: 0)
    return walker.initInfo
  }

  /// Reads a media segment (`styp`/`emsg`/`moof`/`mdat`…; a `moov` in it is read too), with the
  /// tracks' timescales from its init segment.
  public static func read(_ bytes: [UInt8], initSegment: BMFFInit = BMFFInit()) throws(MediaError)
    -> MediaScan
  {
    var walker = BMFFWalker(bytes: bytes, initInfo: initSegment)
    do { try walker.walk(0..<bytes.count, depth: 0) } catch {
      guard walker.fragments.isEmpty && walker.messages.isEmpty else {
        // What was read before the bad box is kept; the rest is an issue.
        walker.scan.issues.append(error)
        return walker.finish()
      }
      throw error
    }
    return walker.finish()
  }
}
