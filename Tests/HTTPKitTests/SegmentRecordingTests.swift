import Foundation
import HTTPKit
import LoopbackHTTP
import MediaKit
import MediaWriter
import Testing

/// Media segments are recorded trimmed (MediaKit's `SegmentTrimmer`), marked with their whole
/// size: a 10-minute stream's recording stays under 2 MB and replays to the same metadata.
@Suite struct SegmentRecordingTests {
  static let segments = 100  // of 6 s: 10 minutes
  static let initSegment = CMAFWriter.initSegment(timescale: 90_000)

  /// A 6 s MPEG-TS segment: 25 video frames a second, audio, a timed-ID3 tag, SCTE-35 every 10th.
  static func transportStream(_ number: Int) -> [UInt8] {
    var ts = TSWriter(withAudio: true)
    let start = UInt64(90_000 * 10 + number * 6 * 90_000)
    for frame in 0..<150 {
      let pts = start + UInt64(frame * 3600)
      ts.video(pts: pts, size: 1500)
      if frame % 2 == 0 { ts.audio(pts: pts + 100, size: 400) }
      if frame == 30 {
        var tag = ID3Writer()
        tag.userText(description: "google_ids", "segment-\(number)")
        ts.id3(pts: pts, tag.bytes())
      }
      if frame == 60 && number % 10 == 0 {
        ts.scte35(SCTE35Writer.spliceInsert(eventId: UInt32(number), ptsTime: pts, duration: 90_000 * 30))
      }
    }
    return ts.bytes
  }

  /// A 6 s CMAF segment with an ID3 `emsg` and a 300 kB `mdat`.
  static func cmaf(_ number: Int) -> [UInt8] {
    var tag = ID3Writer()
    tag.userText(description: "google_ids", "cmaf-\(number)")
    let emsg = CMAFWriter.emsg(
      version: 1, scheme: EventMessage.id3Scheme, timescale: 90_000, time: UInt64(number * 540_000),
      duration: 0, id: UInt32(number), tag.bytes())
    return CMAFWriter.mediaSegment(
      emsgs: [emsg], decodeTime: UInt64(number * 540_000), sampleDuration: 3600, samples: 150,
      mdatSize: 300_000)
  }

  @Test func aTenMinuteStreamRecordsSmallAndReplaysToTheSameMetadata() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    // TS by its content type; CMAF as octet-stream, known by the URL's extension.
    server.route("/ts") { request in
      guard let number = Int(request.query["n"] ?? "") else { return .notFound }
      return LoopbackResponse(
        status: 200, headers: [("Content-Type", "video/mp2t")], body: Data(Self.transportStream(number)))
    }
    server.fallback { request in
      guard request.path.hasPrefix("/cmaf/"),
        let number = Int(request.path.dropFirst(6).prefix { $0.isNumber })
      else { return .text("#EXTM3U", type: "application/vnd.apple.mpegurl") }
      return LoopbackResponse(
        status: 200, headers: [("Content-Type", "application/octet-stream")], body: Data(Self.cmaf(number)))
    }
    let scratch = RecordingScratch()
    defer { scratch.remove() }
    let (client, recorder) = try scratch.recorder()
    var whole = 0
    let playlist = try await client.get(server.url("/index.m3u8"))
    for number in 0..<Self.segments {
      whole += try await client.fetch(server.url("/ts?n=\(number)")).count
      whole += try await client.fetch(server.url("/cmaf/\(number).m4s")).count
    }
    recorder.finish()
    let recorded = try folderBytes(scratch.folder)
    #expect(whole > 40_000_000, "the stream's segments: \(whole) bytes")
    #expect(recorded < 2_000_000, "the recording: \(recorded) bytes, of \(whole)")

    let (offline, _) = try scratch.replay()
    #expect(try await offline.get(server.url("/index.m3u8")).body == playlist.body)  // not a segment
    let info = try BMFFReader.readInit(Self.initSegment)
    for number in 0..<Self.segments {
      let ts = try await offline.get(server.url("/ts?n=\(number)"))
      let original = Self.transportStream(number)
      #expect(ts.trimmedFrom == original.count)
      #expect(try MediaReader.scan(Array(ts.body)) == MediaReader.scan(original), "segment \(number)")
      let fragment = try await offline.get(server.url("/cmaf/\(number).m4s"))
      #expect(fragment.trimmedFrom == Self.cmaf(number).count)
      #expect(
        try MediaReader.scan(Array(fragment.body), initSegment: info)
          == MediaReader.scan(Self.cmaf(number), initSegment: info))
    }
    let first = try MediaReader.scan(Array(try await offline.get(server.url("/ts?n=0")).body))
    #expect(first.items.count == 2)  // the ID3 frame and the splice
    #expect(first.streams.count == 2)
    #expect(try scratch.index().contains(#""trimmedFrom" : \#(Self.transportStream(0).count)"#))
  }

  @Test func segmentsAreKnownByTypeOrExtension() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let segment = Data(Self.transportStream(1))
    server.fallback { request in
      let type = request.query["type"] ?? ""
      return LoopbackResponse(
        status: Int(request.query["status"] ?? "") ?? 200,
        headers: type.isEmpty ? [] : [("Content-Type", type)],
        body: segment)
    }
    let scratch = RecordingScratch()
    defer { scratch.remove() }
    let (client, recorder) = try scratch.recorder()
    let paths = [
      "/a.ts?type=video/MP2T;%20charset=x", "/b.ts", "/c.bin?type=video/iso.segment",
      "/d.m4s?type=binary/octet-stream",
      "/e.bin", "/f.ts?type=text/plain",
    ]
    for path in paths { _ = try await client.get(server.url(path)) }
    // A byte range: trimmed when answered 206, kept whole when the server answered 200 with the
    // whole resource (the player cuts the range out of it by offsets).
    let ranged = ["/r.ts?status=206", "/r.ts?status=200"].map { path in
      HTTPRequest(url: server.url(path), headers: ["Range": "bytes=0-\(segment.count - 1)"])
    }
    for request in ranged { _ = try await client.send(request) }
    recorder.finish()
    let (offline, _) = try scratch.replay()
    var trimmed: [Bool] = []
    for path in paths { trimmed.append(try await offline.get(server.url(path)).trimmedFrom != nil) }
    for request in ranged { trimmed.append(try await offline.send(request).trimmedFrom != nil) }
    #expect(trimmed == [true, true, true, true, false, false, true, false])
  }

  /// A negative `trimmedFrom` (the whole body's size) is refused, naming its JSON path.
  @Test func aNegativeTrimmedFromIsRefused() throws {
    let scratch = RecordingScratch()
    defer { scratch.remove() }
    try FileManager.default.createDirectory(at: scratch.folder, withIntermediateDirectories: true)
    let index = """
      {"version": 2, "exchanges": [{"key": "GET https://cdn.example/s0.ts", "method": "GET",
        "url": "https://cdn.example/s0.ts", "status": 200, "trimmedFrom": -5}]}
      """
    try Data(index.utf8).write(to: scratch.folder.appendingPathComponent("index.json"))
    do {
      _ = try scratch.replay()
      Issue.record("expected the recording to be refused")
    } catch {
      #expect(
        "\(error)".hasSuffix(
          "index.json exchanges[0].trimmedFrom: expected the size of the whole recorded body, a byte count of 0 or "
            + "more, got -5"), "\(error)")
    }
  }

  private func folderBytes(_ folder: URL) throws -> Int {
    let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.fileSizeKey])
    var total = 0
    while let file = files?.nextObject() as? URL {
      total += try file.resourceValues(forKeys: [.fileSizeKey]).fileSize ?? 0
    }
    return total
  }
}
