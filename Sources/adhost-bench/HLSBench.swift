import Foundation
import HLSKit

/// `adhost-bench hls`: HLSKit's reading of playlists (bytes to `HLSPlaylist`) against a bare
/// tokeniser of the same bytes (`HLSTokeniser`), in alternating rounds. The playlists: a 24 h
/// live media playlist with a program date-time per segment and an SCTE-35 date range every
/// 10 minutes, a VOD media playlist and a multivariant one (`HLSBenchPlaylists`). `--write DIR`
/// also writes them there (live-24h.m3u8, vod.m3u8, master.m3u8).
enum HLSBench {
  static var suite: Suite {
    Suite(
      name: "hls",
      summary: "HLSKit reading playlists (24 h live with date ranges) vs a bare tokeniser (MB/s, ratio)",
      figures: [
        "live_24h_bytes", "live_24h_parse_ms", "live_24h_parse_mb_per_s", "live_24h_bare_mb_per_s",
        "live_24h_ratio", "live_24h_cpu_ratio", "vod_master_bytes", "vod_master_parse_mb_per_s",
        "vod_master_bare_mb_per_s", "vod_master_ratio", "vod_master_cpu_ratio",
      ],
      run: run)
  }

  static func run(_ arguments: [String]) throws -> [(key: String, value: BenchValue)] {
    let live = Data(HLSBenchPlaylists.live24h().utf8)
    let vod = Data(HLSBenchPlaylists.vod().utf8)
    let master = Data(HLSBenchPlaylists.master().utf8)
    if arguments.count == 2, arguments[0] == "--write" {
      for (name, bytes) in [("live-24h.m3u8", live), ("vod.m3u8", vod), ("master.m3u8", master)] {
        let path = arguments[1] + "/" + name
        guard FileManager.default.createFile(atPath: path, contents: bytes) else {
          throw BenchError("cannot write \(path)")
        }
      }
    } else if !arguments.isEmpty {
      throw BenchError("expected no arguments or --write DIR")
    }
    let url = URL(string: "https://origin.example.com/channel/index.m3u8")
    guard let url else { throw BenchError("no playlist URL") }
    try check(live: live, vod: vod, master: master, url: url)

    // The live playlist alone, then the small ones repeated to a similar size in bytes.
    let liveTimes = pairedRounds(seconds: 4, minimumRounds: 10) {
      _ = try? HLSParser.parse(live, url: url)
    } bare: {
      tokenise(live)
    }
    let repeats = max(1, live.count / (vod.count + master.count))
    let smallTimes = pairedRounds(seconds: 3, minimumRounds: 10) {
      for _ in 0..<repeats {
        _ = try? HLSParser.parse(vod, url: url)
        _ = try? HLSParser.parse(master, url: url)
      }
    } bare: {
      for _ in 0..<repeats {
        tokenise(vod)
        tokenise(master)
      }
    }
    let megabytes = Double(live.count) / 1e6
    let smallMegabytes = Double(repeats * (vod.count + master.count)) / 1e6
    return [
      ("live_24h_bytes", .integer(live.count)),
      ("live_24h_parse_ms", .number(liveTimes.model * 1000)),
      ("live_24h_parse_mb_per_s", .number(megabytes / liveTimes.model)),
      ("live_24h_bare_mb_per_s", .number(megabytes / liveTimes.bare)),
      ("live_24h_ratio", .number(liveTimes.bare / liveTimes.model)),
      ("live_24h_cpu_ratio", .number(liveTimes.bareCPU / liveTimes.modelCPU)),
      ("vod_master_bytes", .integer(vod.count + master.count)),
      ("vod_master_parse_mb_per_s", .number(smallMegabytes / smallTimes.model)),
      ("vod_master_bare_mb_per_s", .number(smallMegabytes / smallTimes.bare)),
      ("vod_master_ratio", .number(smallTimes.bare / smallTimes.model)),
      ("vod_master_cpu_ratio", .number(smallTimes.bareCPU / smallTimes.modelCPU)),
    ]
  }

  /// The tokeniser over a playlist's bytes; its checksum is kept where the optimiser cannot drop it.
  static func tokenise(_ data: Data) {
    var tokeniser = HLSTokeniser()
    data.withUnsafeBytes { tokeniser.run($0) }
    blackHole = blackHole &+ tokeniser.checksum
  }

  // why: the bench runs on the main thread only; the sum is only kept for the optimiser.
  nonisolated(unsafe) static var blackHole = 0

  /// The readers must find what the playlists hold, or the figures measure nothing.
  private static func check(live: Data, vod: Data, master: Data, url: URL) throws {
    guard case .media(let day) = try HLSParser.parse(live, url: url) else {
      throw BenchError("the 24 h playlist read as a multivariant playlist")
    }
    guard day.segments.count == 14_400, day.cues.count == 143, day.warnings.isEmpty,
      day.cues.allSatisfy({ cue in cue.endTime.map { $0 - cue.startTime == 60 } ?? false })
    else {
      throw BenchError(
        "the 24 h playlist read as \(day.segments.count) segments, \(day.cues.count) cues and "
          + "\(day.warnings.count) warnings (\(day.warnings.first?.description ?? "")), "
          + "expected 14400 segments and 143 cues of 60 s")
    }
    guard case .media(let rendition) = try HLSParser.parse(vod, url: url), rendition.segments.count == 150,
      case .multivariant(let variants) = try HLSParser.parse(master, url: url), variants.variants.count == 8
    else { throw BenchError("the VOD or multivariant playlist read wrong") }
    var tokeniser = HLSTokeniser()
    live.withUnsafeBytes { tokeniser.run($0) }
    guard tokeniser.lines == 14_400 * 3 + 143 * 4 + 5 else {
      throw BenchError("the tokeniser found \(tokeniser.lines) lines in the 24 h playlist")
    }
  }
}
