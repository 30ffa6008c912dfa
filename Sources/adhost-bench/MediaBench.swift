import Foundation
import MediaKit
import MediaWriter

/// `adhost-bench media`: MediaKit's metadata scan of a TS and an fMP4 segment beside a bare pass
/// over the same bytes (a 188-byte packet walk reading each PID; a box walk into moof and traf),
/// in MB/s, and the ratio of the two (target ≥ 0.5); then a 10-minute VOD replayed with its
/// segments against playlist-only (`VODBench`, CPU seconds, target ≤ 3×), and 1 and 24 hours of
/// segments replayed by `adhost run` (`LongStreamBench`: CPU ratio ≤ 30, peak RSS ≤ 128 MB);
/// `--no-vod` leaves both out. `--write DIR` also writes the segments there (segment.ts, init.mp4, segment.m4s), for
/// comparing other readers on the same bytes.
enum MediaBench {
  static var suite: Suite {
    Suite(
      name: "media",
      summary:
        "segment metadata scan vs a bare packet / box walk; a 10-min VOD replay with vs without segments; 1 h vs 24 h replays",
      // The last three are `--child-usage`'s, the figures of the fresh process under a long replay.
      figures: [
        "ts_bytes", "ts_scan_mb_per_s", "ts_bare_walk_mb_per_s", "ts_ratio", "fmp4_bytes",
        "fmp4_scan_mb_per_s", "fmp4_bare_walk_mb_per_s", "fmp4_ratio", "vod_segments",
        "vod_recording_bytes", "vod_segments_cpu_s", "vod_playlist_cpu_s", "vod_ratio", "segments_1h",
        "segments_24h", "segments_cpu_s_1h", "segments_cpu_s_24h", "segments_cpu_ratio_24h_1h",
        "peak_rss_mb_24h", "status", "cpu_s", "peak_rss_kb",
      ],
      run: run)
  }

  struct BenchError: Error, CustomStringConvertible {
    let description: String
  }

  static func run(_ arguments: [String]) throws -> [(key: String, value: BenchValue)] {
    if arguments.first == ChildUsage.flag { return try ChildUsage.run(Array(arguments.dropFirst())) }
    let ts = tsSegment()
    let (initSegment, fmp4) = fmp4Segment()
    let info = try BMFFReader.readInit(initSegment)
    let vodRun = !arguments.contains("--no-vod")
    let arguments = arguments.filter { $0 != "--no-vod" }
    if arguments.count == 2, arguments[0] == "--write" {
      for (name, bytes) in [("segment.ts", ts), ("init.mp4", initSegment), ("segment.m4s", fmp4)] {
        let path = arguments[1] + "/" + name
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
          throw BenchError(description: "cannot write \(path)")
        }
      }
    } else if !arguments.isEmpty {
      throw BenchError(description: "expected no arguments, --write DIR or --no-vod")
    }
    // The scans must find what the segments hold, or the figures measure nothing.
    let tsItems = try TSReader.read(ts).items.count
    let fmp4Items = try BMFFReader.read(fmp4, initSegment: info).items.count
    guard tsItems == 13, fmp4Items == 7 else {
      throw BenchError(description: "the scans found \(tsItems) and \(fmp4Items) items, expected 13 and 7")
    }
    let tsRates = measure(
      bytes: ts.count, scan: { _ = try? TSReader.read(ts) }, bare: { bareTSWalk(ts) })
    let fmp4Rates = measure(
      bytes: fmp4.count, scan: { _ = try? BMFFReader.read(fmp4, initSegment: info) },
      bare: { bareBoxWalk(fmp4) })
    let vod = vodRun ? try VODBench.run() : []
    let long = vodRun ? try LongStreamBench.run() : []
    return [
      ("ts_bytes", .integer(ts.count)),
      ("ts_scan_mb_per_s", .number(tsRates.scan)),
      ("ts_bare_walk_mb_per_s", .number(tsRates.bare)),
      ("ts_ratio", .number(tsRates.scan / tsRates.bare)),
      ("fmp4_bytes", .integer(fmp4.count)),
      ("fmp4_scan_mb_per_s", .number(fmp4Rates.scan)),
      ("fmp4_bare_walk_mb_per_s", .number(fmp4Rates.bare)),
      ("fmp4_ratio", .number(fmp4Rates.scan / fmp4Rates.bare)),
    ] + vod + long
  }

  /// Alternating rounds of both for at least 3 s (and 20 rounds); MB/s of each.
  private static func measure(bytes: Int, scan: () -> Void, bare: () -> Int) -> (scan: Double, bare: Double) {
    var sink = 0
    for _ in 0..<5 {
      scan()
      sink &+= bare()
    }
    var scanTime = 0.0
    var bareTime = 0.0
    var rounds = 0
    let start = monotonicSeconds()
    while monotonicSeconds() - start < 3 || rounds < 20 {
      let t0 = monotonicSeconds()
      scan()
      let t1 = monotonicSeconds()
      sink &+= bare()
      let t2 = monotonicSeconds()
      scanTime += t1 - t0
      bareTime += t2 - t1
      rounds += 1
    }
    if sink == 42 { print("") }  // keeps the bare walk from being optimised away
    let megabytes = Double(bytes * rounds) / 1e6
    return (megabytes / scanTime, megabytes / bareTime)
  }

  /// Each packet's sync byte and PID, summed.
  static func bareTSWalk(_ bytes: [UInt8]) -> Int {
    var sum = 0
    var offset = 0
    bytes.withUnsafeBufferPointer { buffer in
      while offset + 188 <= buffer.count {
        if buffer[offset] == 0x47 {
          sum &+=
            Int(truncatingIfNeeded: buffer[offset + 1] & 0x1F) << 8
            | Int(truncatingIfNeeded: buffer[offset + 2])
        }
        offset += 188
      }
    }
    return sum
  }

  /// Box headers, into moof and traf, summed.
  static func bareBoxWalk(_ bytes: [UInt8]) -> Int {
    func walk(_ start: Int, _ end: Int) -> Int {
      var sum = 0
      var offset = start
      while offset + 8 <= end {
        let size =
          Int(truncatingIfNeeded: bytes[offset]) << 24 | Int(truncatingIfNeeded: bytes[offset + 1]) << 16
          | Int(truncatingIfNeeded: bytes[offset + 2]) << 8 | Int(truncatingIfNeeded: bytes[offset + 3])
        guard size >= 8, offset + size <= end else { break }
        let type = bytes[offset + 4..<offset + 8]
        sum &+= size
        if type.elementsEqual("moof".utf8) || type.elementsEqual("traf".utf8) {
          sum &+= walk(offset + 8, offset + size)
        }
        offset += size
      }
      return sum
    }
    return walk(0, bytes.count)
  }

  /// A 6-second 2.5 Mb/s segment from 90 kHz time `start`: 180 video PES of 10 kB, 282 audio PES,
  /// ID3 each second (whose values name `label` too, when given), one SCTE-35.
  static func tsSegment(start: Int = 900_000, label: Int? = nil) -> [UInt8] {
    var ts = TSWriter(withAudio: true)
    for frame in 0..<180 {
      let pts = UInt64(truncatingIfNeeded: start + frame * 3000)
      ts.video(pts: pts, size: 10_000)
      if frame % 30 == 0 {
        var tag = ID3Writer(version: 4)
        tag.userText(description: "google_ids", label.map { "google_\($0)_\(frame)" } ?? "google_\(frame)")
        tag.text("YMID", "\(frame)")
        ts.id3(pts: pts, tag.bytes())
      }
      if frame == 90 { ts.scte35(SCTE35Writer.spliceInsert(eventId: 1, ptsTime: pts, duration: 2_700_000)) }
    }
    for frame in 0..<282 { ts.audio(pts: UInt64(truncatingIfNeeded: start + frame * 1920), size: 400) }
    return ts.bytes
  }

  /// The same 6 seconds as CMAF: 180 samples, an ID3 emsg each second, one SCTE-35 emsg.
  static func fmp4Segment() -> (initSegment: [UInt8], segment: [UInt8]) {
    var emsgs = (0..<6).map { second -> [UInt8] in
      var tag = ID3Writer(version: 4)
      tag.userText(description: "google_ids", "google_\(second)")
      return CMAFWriter.emsg(
        version: 1, scheme: EventMessage.id3Scheme, timescale: 90_000,
        time: UInt64(truncatingIfNeeded: 900_000 + second * 90_000),
        duration: 0, id: UInt32(truncatingIfNeeded: second), tag.bytes())
    }
    emsgs.append(
      CMAFWriter.emsg(
        version: 1, scheme: EventMessage.scte35Scheme, timescale: 90_000, time: 1_170_000,
        duration: 2_700_000, id: 9,
        SCTE35Writer.spliceInsert(eventId: 1, ptsTime: 1_170_000, duration: 2_700_000)))
    let segment = CMAFWriter.mediaSegment(
      emsgs: emsgs, decodeTime: 900_000, sampleDuration: 3000, samples: 180, mdatSize: 1_880_000)
    return (CMAFWriter.initSegment(timescale: 90_000), segment)
  }
}
