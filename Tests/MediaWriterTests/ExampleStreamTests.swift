import Foundation
import MediaKit
import MediaWriter
import OutsideText
import TestFiles
import Testing

/// The in-band content of the examples' recorded streams is what their specs (`stream.json`
/// beside the recording) write: in each segment the same ID3 frames and SCTE-35 signals at the
/// same media times, the `emsg` boxes with the same version, timescale, id and data. The
/// recordings' segments were written before `adhost media` existed (by the test writers and
/// examples/dai/server.py, live_server.py), trimmed, without audio; their signals are the spec's.
@Suite struct ExampleStreamTests {
  /// Each segment's ID3 frames, `emsg` boxes (all their fields) and SCTE-35 signals, with their
  /// times to the microsecond, sorted (the order of a segment's packets is not the spec's).
  private func signals(_ scan: MediaScan) -> [String] {
    scan.items.compactMap { item -> String? in
      let time = (item.time * 1_000_000).rounded() / 1_000_000
      switch item.payload {
      case .id3(let frame):
        if case .priv(let owner, _) = frame.content, owner == "com.apple.streaming.transportStreamTimestamp" {
          return nil
        }
        return "\(time) \(frame)"
      case .scte35(let signal): return "\(time) \(signal)"
      case .emsg(let message): return "\(time) \(message)"
      }
    }.sorted()
  }

  /// The recording's segments (its `.ts` and `.m4s` exchanges, in order), scanned, an fMP4 one
  /// with the recording's init segment (`init.mp4`).
  private func recorded(_ folder: String) throws -> [[String]] {
    let root = repositoryRoot.appendingPathComponent(folder)
    let index = try JSONValue.parse(
      String(contentsOf: root.appendingPathComponent("recording/index.json"), encoding: .utf8))
    var initSegment = BMFFInit()
    var segments: [[String]] = []
    for exchange in index["exchanges"]?.arrayValue ?? [] {
      guard let url = exchange["url"]?.stringValue, let body = exchange["body"]?.stringValue else { continue }
      let bytes = [UInt8](try Data(contentsOf: root.appendingPathComponent("recording/" + body)))
      if url.hasSuffix("/init.mp4") {
        initSegment = try BMFFReader.readInit(bytes)
      } else if url.hasSuffix(".ts") || url.hasSuffix(".m4s") {
        segments.append(signals(try MediaReader.scan(bytes, initSegment: initSegment)))
      }
    }
    return segments
  }

  private func written(_ folder: String) throws -> [[String]] {
    let stream = try ExampleSpecStream.read(folder)
    let initSegment = try stream.initSegment.map { bytes throws(MediaError) in try BMFFReader.readInit(bytes)
    }
    return try (0..<stream.segmentCount).map {
      signals(try MediaReader.scan(stream.segment($0), initSegment: initSegment ?? BMFFInit()))
    }
  }

  @Test(arguments: [
    "examples/inband/ts", "examples/inband/cmaf", "examples/inband/live", "examples/dai/vod",
    "examples/dai/live", "examples/yospace/live-ts", "examples/yospace/cmaf-yospace",
    "examples/yospace/cmaf-id3", "examples/yospace/late", "examples/yospace/vod",
  ])
  func theRecordedSignalsAreTheSpecs(_ folder: String) throws {
    let recorded = try recorded(folder)
    #expect(!recorded.isEmpty)
    #expect(recorded.flatMap { $0 }.count > 2)
    let written = try written(folder)
    #expect(written == recorded)
  }
}
