import EngineHost
import Foundation
import GStreamerPlayer
import LoopbackHTTP
import MediaWriter
import PlayerSeam
import RealMedia
import Testing

/// The cues of what the engine fetched and forwarded, in the fast mode on real media: an
/// `EXT-X-DATERANGE` the host read from the playlist the engine fetched (never fetching it
/// itself), and a SCTE-35 splice_insert tsdemux forwarded, each announced (`addcue`) and fired
/// (`cue`) at its time, and saying which side timed it.
@Suite(.serialized, RealClip.engineTests) struct EnginePlaylistCueTests {
  static let seconds = 8.0
  static let rangeTime = 5.0
  static let spliceTime = 3.0

  /// What the player announced and fired: the cue, and the playhead then.
  struct Seen {
    var added: [(cue: Cue, at: Double)] = []
    var fired: [(cue: Cue, at: Double)] = []
  }

  /// 8 s of real H.264 + AAC in 2 s TS segments: a date range `break-1` at 5 s (1 s long), a
  /// splice_insert at 3 s.
  static func serve() throws -> (LoopbackServer, URL) {
    let spec = try MediaSpec.read(
      """
      {"format": "hls-ts", "duration": \(seconds), "segmentDuration": 2, "payload": {"clip": "clip.ts"},
       "dateranges": [{"id": "break-1", "time": \(rangeTime), "duration": 1, "class": "com.example.ad"}],
       "scte35": [{"time": \(spliceTime), "command": "splice_insert", "eventId": 7, "duration": 1}]}
      """)
    let stream = MediaStream(spec, clip: try RealClip.encode(seconds: seconds))
    let server = try LoopbackServer()
    for (name, bytes) in stream.files {
      server.route("/" + name) { _ in
        LoopbackResponse(headers: [("Content-Type", MediaStream.contentType(name))], body: Data(bytes))
      }
    }
    return (server, server.url("/" + stream.manifestName))
  }

  @Test func aDateRangeAndASpliceArriveAndFireAtTheirTimesTheHostFetchingNothing() throws {
    let (server, playlist) = try Self.serve()
    defer { server.stop() }
    let host = try EngineHost(options: PlayerRun.options(), speed: .fast)
    var seen = Seen()
    host.player.addEventListener(.addcue) { event in
      if let cue = event.cue { seen.added.append((cue, host.player.currentTime)) }
    }
    host.player.addEventListener(.cue) { event in
      if let cue = event.cue { seen.fired.append((cue, event.currentTime ?? -1)) }
    }
    host.player.autoplay = true
    host.player.setSource(
      try SourceDescription(
        jsonText: #"{"sources": [{"src": "\#(playlist.absoluteString)", "type": "application/x-mpegurl"}]}"#))
    let (ending, reason) = host.run(until: 60)
    let engineRequests = host.player.engine?.requests.map(\.url) ?? []
    host.end()
    #expect(ending == .ended, "\(reason)")

    // The playlist reached the server as often as the engine asked for it: the host asked for
    // nothing of its own.
    let name = playlist.path
    let served = server.requests.filter { $0.path == name }.count
    #expect(served >= 1)
    #expect(
      served == engineRequests.filter { $0 == playlist.absoluteString }.count,
      "\(server.requests.map(\.path))")

    let range = try #require(seen.added.first { $0.cue.id == "break-1" }, "\(seen.added.map(\.cue.id))")
    #expect(range.cue.kind == "daterange")
    #expect(abs(range.cue.startTime - Self.rangeTime) < 0.001, "\(range.cue)")
    #expect(range.cue.attributes["timedBy"] == .string("adhost"))
    let rangeFired = try #require(seen.fired.first { $0.cue.id == "break-1" })
    #expect(abs(rangeFired.at - Self.rangeTime) <= 0.1, "fired at \(rangeFired.at)")

    let splice = try #require(seen.added.first { $0.cue.kind == "scte35" }, "\(seen.added.map(\.cue.id))")
    #expect(splice.cue.id == "scte35-engine-1")
    #expect(splice.cue.attributes["timedBy"] == .string("engine"))
    #expect(splice.cue.attributes["spliceEventId"] == .number(7))
    #expect(abs(splice.cue.startTime - Self.spliceTime) <= 0.05, "\(splice.cue)")
    let spliceFired = try #require(seen.fired.first { $0.cue.id == splice.cue.id })
    #expect(abs(spliceFired.at - Self.spliceTime) <= 0.1, "fired at \(spliceFired.at)")
    // Each cue is announced once, and before it fires.
    for id in ["break-1", splice.cue.id] {
      #expect(seen.added.filter { $0.cue.id == id }.count == 1, "\(id)")
      #expect(seen.fired.filter { $0.cue.id == id }.count == 1, "\(id)")
    }
  }
}
