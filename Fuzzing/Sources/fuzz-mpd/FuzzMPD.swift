import DASHKit
import Foundation
import FuzzSupport
import SCTE35Kit

/// libFuzzer's driver on this target's input function.
@main enum FuzzMPDMain {
  static func main() { runFuzzer(fuzzMPD) }
}

/// The MPD reader (libxml2 SAX, Period layout, SCTE-35 XML and binary): any bytes give an MPD or
/// an MPD error; Periods are placed in order with finite times; merging a load twice changes
/// nothing; each Representation's segments list or fail with a reason, bounded and in order (as a
/// live MPD's too, up to a live edge); and the bytes as a binary splice_info_section decode or fail with a reason.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMPD(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let bytes = [UInt8](inputBytes(start, count))
  _ = try? SCTE35Binary.decode(bytes)
  guard case .success(let mpd) = Result(catching: { () throws(MPDError) in try MPDParser.parse(Data(bytes)) })
  else { return 0 }
  var previous = -Double.infinity
  for period in mpd.periods {
    invariant(
      period.start.isFinite && period.start >= previous, "Period \(period.id ?? "?") at \(period.start)")
    if let end = period.end { invariant(end.isFinite && end >= period.start, "Period ends at \(end)") }
    previous = period.start
    for stream in period.eventStreams {
      invariant(stream.timescale > 0, "timescale 0")
      for event in stream.events { invariant(event.time.isFinite, "an event at \(event.time)") }
    }
    checkSegments(period, of: mpd)
  }
  var timeline = MPDTimeline()
  timeline.merge(mpd)
  let once = timeline.periods
  let added = timeline.merge(mpd)
  invariant(added.isEmpty && timeline.periods == once, "merging the same MPD again changed the Periods")
  return 0
}

/// Every Representation's segments: at most `DASHSegmentList.maxSegments`, finite, in order.
private func checkSegments(_ period: MPDPeriod, of mpd: MPD) {
  guard let url = URL(string: "https://fuzz.example/a/b.mpd") else { return }
  for set in period.adaptationSets {
    for representation in set.representations {
      for until in [nil, period.start + 60] as [Double?] {
        guard
          case .success(let track) = Result(catching: { () throws(MPDError) in
            try DASHSegmentList.track(
              representation, of: set, in: period, mpd: mpd, mpdURL: url, until: until)
          })
        else { continue }
        invariant(track.segments.count <= DASHSegmentList.maxSegments, "\(track.segments.count) segments")
        var last = -Double.infinity
        for segment in track.segments {
          invariant(segment.start.isFinite && segment.duration >= 0, "a segment at \(segment.start)")
          invariant(segment.start >= last, "segments out of order at \(segment.start)")
          last = segment.start
        }
      }
    }
  }
}
