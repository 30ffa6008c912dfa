import Foundation
import MediaKit
import MediaWriter
import OutsideText
import TestFiles
import Testing

/// The in-band content of the examples' recorded streams is what their specs (`stream.json`
/// beside the recording) write: in each segment the same ID3 frames and SCTE-35 signals at the
/// same media times. The recordings' segments were written before `adhost media` existed (by the
/// test writers and examples/dai/server.py), trimmed, without audio; their signals are the spec's.
@Suite struct ExampleStreamTests {
  /// Each segment's ID3 frames and SCTE-35 signals, with their times to the microsecond.
  private func signals(_ scan: MediaScan) -> [String] {
    scan.items.compactMap { item in
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
    }
  }

  /// The recording's segments (its `.ts` exchanges, in order), scanned.
  private func recorded(_ folder: String) throws -> [[String]] {
    let root = repositoryRoot.appendingPathComponent(folder)
    let index = try JSONValue.parse(
      String(contentsOf: root.appendingPathComponent("recording/index.json"), encoding: .utf8))
    return try (index["exchanges"]?.arrayValue ?? []).compactMap { exchange in
      guard let url = exchange["url"]?.stringValue, url.hasSuffix(".ts"),
        let body = exchange["body"]?.stringValue
      else { return nil }
      let bytes = try Data(contentsOf: root.appendingPathComponent("recording/" + body))
      return signals(try MediaReader.scan([UInt8](bytes)))
    }
  }

  private func written(_ folder: String) throws -> [[String]] {
    let text = try String(
      contentsOf: repositoryRoot.appendingPathComponent(folder + "/stream.json"), encoding: .utf8)
    let stream = MediaStream(try MediaSpec.read(text))
    return try (0..<stream.segmentCount).map { signals(try MediaReader.scan(stream.segment($0))) }
  }

  @Test(arguments: ["examples/inband/ts", "examples/dai/vod"])
  func theRecordedSignalsAreTheSpecs(_ folder: String) throws {
    let recorded = try recorded(folder)
    #expect(!recorded.isEmpty)
    #expect(recorded.flatMap { $0 }.count > 2)
    #expect(try written(folder) == recorded)
  }
}
