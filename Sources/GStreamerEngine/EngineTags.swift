import CheckedNumbers
import MediaKit
import Synchronization

/// The timed metadata (timed ID3, `emsg`) the host read from a media segment the engine fetched,
/// through its proxy (`MediaKit.MediaReader`): Debian's GStreamer 1.22 makes no pad for timed
/// ID3 in TS, so the host reads what the engine will play from the same bytes. Times are on the
/// bytes' own scale (a TS segment's 90 kHz PTS in seconds); `position(of:anchor:segment:)` places
/// them at the engine's time.
public struct EngineTags: Sendable, Equatable {
  /// The segment's URL.
  public var url: String
  /// The segment's timed metadata, in the order found; empty when it has none (SCTE-35 is the engine's own: `.scte35`).
  public var items: [TimedMetadata]
  /// The earliest first timestamp of the segment's streams, on the same scale; nil when none.
  public var firstTime: Double?

  /// The engine's position of `time` (on the bytes' scale): `anchor` is the first time of the
  /// first segment the engine played after `segment` began (its load or seek), `segment` the
  /// engine's mapping of that segment's first buffer (`EngineEvent.segment`).
  public static func position(of time: Double, anchor: Double, segment: EngineSegment) -> Double {
    time - anchor + segment.firstStreamTime
  }
}

/// Reads the tags of the media segments the proxy answers. fMP4 segments are read with the
/// timescales of the init segments answered before them (merged by track id: representations
/// whose tracks share an id and differ in timescale are read with the last one's); TS segments'
/// timestamps near the previous TS segment's first (unwrapped across the 33-bit PTS wrap, as the
/// headless player's segment loader reads them). Any thread.
final class EngineTagReader: Sendable {
  private let initSegment = Mutex(BMFFInit())
  /// The previous TS segment's first timestamp, unwrapped, in 90 kHz ticks.
  private let ptsReference = Mutex<Int64?>(nil)

  /// The tags of `body`, fetched from `url` (none, but its first time, for a segment without
  /// any); nil for an init segment (kept for the segments after it) or what MediaKit cannot read.
  func read(_ body: [UInt8], url: String) -> EngineTags? {
    if MediaReader.container(of: body) == .fmp4, let found = try? BMFFReader.readInit(body),
      !found.timescales.isEmpty
    {
      initSegment.withLock { known in
        known.timescales.merge(found.timescales) { $1 }
        known.defaultDurations.merge(found.defaultDurations) { $1 }
      }
      return nil
    }
    let tracks = initSegment.withLock { $0 }
    let reference = ptsReference.withLock { $0 }
    guard let scan = try? MediaReader.scan(body, initSegment: tracks, ptsReference: reference) else {
      return nil
    }
    if MediaReader.container(of: body) == .mpegTS, let first = scan.streams.map(\.first).min() {
      ptsReference.withLock { $0 = Int64.checked(first * 90_000, rounding: .toNearestOrEven) }
    }
    let items = scan.items.filter {
      if case .scte35 = $0.payload { return false } else { return true }
    }
    guard !items.isEmpty || !scan.streams.isEmpty else { return nil }
    return EngineTags(url: url, items: items, firstTime: scan.streams.map(\.first).min())
  }
}
