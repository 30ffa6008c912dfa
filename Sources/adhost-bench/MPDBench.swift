import DASHKit
import Foundation

/// `adhost-bench mpd`: DASHKit's reading of a 24 h multi-period MPD (bytes to `MPD`, its Periods
/// placed and its SCTE-35 events decoded) against a bare libxml2 SAX pass over the same bytes
/// with the same parser options (`RawSAXPass`, as `adhost-bench vast` uses), in alternating
/// rounds. `--write DIR` also writes the MPD there (live-24h.mpd).
enum MPDBench {
  static var suite: Suite {
    Suite(
      name: "mpd",
      summary: "DASHKit reading a 24 h multi-period MPD vs a bare libxml2 SAX pass (MB/s, ratio)",
      figures: ["bytes", "periods", "parse_ms", "parse_mb_per_s", "raw_sax_mb_per_s", "ratio", "cpu_ratio"],
      run: run)
  }

  static func run(_ arguments: [String]) throws -> [(key: String, value: BenchValue)] {
    let day = Data(MPDBenchDocument.day().utf8)
    if arguments.count == 2, arguments[0] == "--write" {
      let path = arguments[1] + "/live-24h.mpd"
      guard FileManager.default.createFile(atPath: path, contents: day) else {
        throw BenchError("cannot write \(path)")
      }
    } else if !arguments.isEmpty {
      throw BenchError("expected no arguments or --write DIR")
    }
    // The day is larger than the 4 MiB a fetched MPD may be by default; the cap is not measured.
    let parser = MPDParser(maxBytes: 64 << 20)
    let mpd = try parser.parse(day)
    let events = mpd.periods.reduce(0) { $0 + $1.eventStreams.reduce(0) { $0 + $1.events.count } }
    let signals = mpd.periods.reduce(0) {
      $0 + $1.eventStreams.reduce(0) { $0 + $1.events.filter { $0.scte35 != nil }.count }
    }
    guard mpd.periods.count == 288, events == 144, signals == 144, mpd.issues.isEmpty,
      mpd.periods.last?.start == 86_340
    else {
      throw BenchError(
        "the MPD read as \(mpd.periods.count) Periods, \(events) events (\(signals) with SCTE-35), "
          + "issues \(mpd.issues), expected 288 Periods and 144 SCTE-35 events")
    }
    let raw = RawSAXPass()
    let times = pairedRounds(seconds: 4, minimumRounds: 10) {
      _ = try? parser.parse(day)
    } bare: {
      raw.run(day)
    }
    let megabytes = Double(day.count) / 1e6
    return [
      ("bytes", .integer(day.count)),
      ("periods", .integer(mpd.periods.count)),
      ("parse_ms", .number(times.model * 1000)),
      ("parse_mb_per_s", .number(megabytes / times.model)),
      ("raw_sax_mb_per_s", .number(megabytes / times.bare)),
      ("ratio", .number(times.bare / times.model)),
      ("cpu_ratio", .number(times.bareCPU / times.modelCPU)),
    ]
  }
}
