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
/// nothing; and the bytes as a binary splice_info_section decode or fail with a reason.
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
  }
  var timeline = MPDTimeline()
  timeline.merge(mpd)
  let once = timeline.periods
  let added = timeline.merge(mpd)
  invariant(added.isEmpty && timeline.periods == once, "merging the same MPD again changed the Periods")
  return 0
}
