import Foundation
import MediaKit
import MediaWriter
import Synchronization
import TestFiles
import Testing

@testable import AdhostCLI

/// `adhost media write` and `serve` (docs/media.md "Writing streams"): the files written, the
/// spec's errors, and the served streams played by `adhost run` with each cue at its time.
@Suite(.serialized) struct MediaCommandTests {
  static let dash = """
    {
      "format": "dash", "duration": 12, "segmentDuration": 4,
      "emsg": [ { "time": 5, "scheme": "urn:example:dash", "value": "1", "id": 1, "data": "cue", "version": 1 } ],
      "id3": [ { "time": 2.5, "frames": [ { "id": "TXXX", "description": "google", "text": "google_d" } ] } ],
      "scte35": [ { "time": 8, "command": "splice_insert", "eventId": 3, "duration": 2 } ]
    }
    """

  @Test func writeWritesTheManifestTheInitSegmentAndEverySegment() async throws {
    let scratch = try Scratch()
    let spec = try scratch.write("dash.json", Self.dash)
    let folder = scratch.folder.appendingPathComponent("out").path
    let run = await adhost(["media", "write", spec, folder])
    #expect(run.code == 0)
    let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    #expect(names == ["init.mp4", "manifest.mpd", "segment-0.m4s", "segment-1.m4s", "segment-2.m4s"])
    let mpd = try String(contentsOfFile: folder + "/manifest.mpd", encoding: .utf8)
    #expect(mpd.contains(#"<InbandEventStream schemeIdUri="urn:example:dash" value="1"/>"#))
    #expect(mpd.contains(#"type="static" mediaPresentationDuration="PT12.000S""#))
  }

  /// A clip cut into `hls-cmaf`: the clip here is the writer's own placeholder TS (H.264 with
  /// its SPS and PPS and an IDR picture every 2 s, ADTS AAC), so no encoder is needed.
  @Test func writeCutsAClipIntoCMAFWithItsTagsInEmsgBoxes() async throws {
    let scratch = try Scratch()
    let placeholder = MediaStream(MediaSpec(format: .hlsTS, duration: 8, segmentDuration: 2))
    try Data((0..<placeholder.segmentCount).flatMap { placeholder.segment($0) }).write(
      to: scratch.folder.appendingPathComponent("clip.ts"))
    let spec = try scratch.write(
      "cmaf.json",
      #"""
      {"format": "hls-cmaf", "duration": 6, "segmentDuration": 2, "payload": {"clip": "clip.ts"},
       "id3": [{"time": 3, "frames": [{"id": "TXXX", "description": "google", "text": "google_c"}]}]}
      """#)
    let folder = scratch.folder.appendingPathComponent("out").path
    let run = await adhost(["media", "write", spec, folder])
    #expect(run.code == 0, "\(run.errors)")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    #expect(names == ["init.mp4", "media.m3u8", "segment-0.m4s", "segment-1.m4s", "segment-2.m4s"])
    let read = { (name: String) in [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))) }
    let tracks = try BMFFReader.readInit(try read("init.mp4"))
    #expect(tracks.timescales == [1: 90_000, 2: 48_000])
    let scan = try MediaReader.scan(try read("segment-1.m4s"), initSegment: tracks)
    #expect(scan.streams.first { $0.id == 1 }?.first == 2)
    #expect(scan.items.map(\.time) == [3])
    #expect(await adhost(["media", "--help"]).output.contains("hls-cmaf, dash"))
  }

  @Test func aSpecErrorNamesTheFileTheJSONPathAndWhy() async throws {
    let scratch = try Scratch()
    let spec = try scratch.write(
      "bad.json",
      #"{"format": "hls-ts", "duration": 6, "segmentDuration": 6, "scte35": [{"time": 6, "command": "time_signal", "eventId": 1}]}"#
    )
    let run = await adhost(["media", "write", spec, scratch.folder.path + "/out"])
    #expect(run.code == 64)
    #expect(run.errors.contains("\(spec): scte35[0].time: 6 s is past the stream's duration of 6 s"))
    #expect(
      await adhost(["media", "serve", spec, "--clock", "sun"]).errors.contains(
        "--clock: expected loads or wall"))
    let clip = try scratch.write(
      "clip.json",
      #"{"format": "hls-ts", "duration": 6, "segmentDuration": 6, "payload": {"clip": "none.ts"}}"#)
    let missing = await adhost(["media", "write", clip, scratch.folder.path + "/out"])
    #expect(missing.code == 64 && missing.errors.contains("\(clip): payload.clip: cannot read"))
  }

  /// A served stream played by `adhost run` in-process: the cues' content times and their ids.
  private func cues(_ specText: String, type: String, manifest: String, extra: [String] = [])
    async throws -> (cues: [(time: Double, id: String)], server: [String])
  {
    let scratch = try Scratch()
    let lines = LogLines()
    let server = try MediaServer(stream: MediaStream(try MediaSpec.read(specText)), clock: .loads) {
      lines.append($0)
    }
    defer { server.stop() }
    let source = try scratch.write(
      "source.json",
      #"{"sources": {"src": "http://127.0.0.1:\#(server.port)/\#(manifest)", "type": "\#(type)", "ssai": {"integration": "inband"}}}"#
    )
    let plugin = repositoryRoot.appendingPathComponent("examples/inband/plugin.lua").path
    let run = await adhost(["run", plugin, source, "--json", "--strict"] + extra)
    #expect(run.code == 0, "\(run.errors)")
    let cues = run.events("cue").compactMap { event -> (Double, String)? in
      guard let cue = event["cue"] as? [String: Any], let id = cue["id"] as? String,
        cue["kind"] as? String != "period",
        let time = event["currentTime"] as? Double
      else { return nil }
      return (time, id)
    }
    return (cues, lines.all)
  }

  @Test func aServedDASHStreamPlaysWithItsCuesAtTheirTimes() async throws {
    let (cues, log) = try await cues(Self.dash, type: "application/dash+xml", manifest: "manifest.mpd")
    #expect(cues.map(\.time) == [2.5, 5, 8])
    #expect(log.first?.contains(#""path":"/manifest.mpd""#) == true)
    #expect(log.allSatisfy { $0.contains(#""status":200"#) })
  }

  @Test func aServedLiveHLSWindowMovesOnPerLoadAndPlaysUntil60WithItsCuesAtTheirTimes() async throws {
    let spec = try String(
      contentsOf: repositoryRoot.appendingPathComponent("examples/inband/served/stream.json"), encoding: .utf8
    )
    let (cues, log) = try await cues(
      spec, type: "application/x-mpegurl", manifest: "media.m3u8", extra: ["--until", "60"])
    #expect(cues.map(\.time) == [1, 1, 7, 7, 13, 13, 18, 19, 19, 20.25, 25.5, 31, 31])
    let windows = log.filter { $0.contains("media.m3u8") }.map { line in
      line.range(of: #""segments":\[\d+,\d+\]"#, options: .regularExpression).map { String(line[$0]) } ?? ""
    }
    #expect(
      windows == [#""segments":[0,2]"#, #""segments":[1,3]"#, #""segments":[2,4]"#, #""segments":[3,5]"#])
  }

  @Test func aServedLiveDASHWindowIsADynamicMPDThatPlaysUntil60WithItsCuesAtTheirTimes() async throws {
    let spec = """
      {
        "format": "dash", "duration": 36, "segmentDuration": 6, "live": {"window": 3},
        "emsg": [{"time": 5, "scheme": "urn:example:dash", "value": "1", "id": 1, "data": "cue", "version": 1}],
        "id3": [{"time": 2.5, "frames": [{"id": "TXXX", "description": "google", "text": "google_d"}]},
                {"time": 27, "frames": [{"id": "TXXX", "description": "google", "text": "google_e"}]}],
        "scte35": [{"time": 20, "command": "splice_insert", "eventId": 3, "duration": 2}]
      }
      """
    // availabilityStartTime 2026-01-01T00:00:00Z; the first window ends 18 s later.
    let (cues, log) = try await cues(
      spec, type: "application/dash+xml", manifest: "manifest.mpd",
      extra: ["--until", "60", "--start-date", "2026-01-01T00:00:18Z"])
    #expect(cues.map(\.time) == [2.5, 5, 20, 27])
    #expect(log.filter { $0.contains("manifest.mpd") }.count == 4)
  }
}

/// The server's log lines, gathered from its connection threads.
private final class LogLines: Sendable {
  private let lines = Mutex<[String]>([])
  func append(_ line: String) { lines.withLock { $0.append(line) } }
  var all: [String] { lines.withLock { $0 } }
}
