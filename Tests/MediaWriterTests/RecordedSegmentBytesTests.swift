import Foundation
import MediaKit
import MediaWriter
import OutsideText
import TestFiles
import Testing

/// The DAI examples' recorded segments are what `adhost media write` writes from the folder's
/// `stream.json` (`segN` is `segment-N`), trimmed as `adhost run --record` trims them, with the
/// whole segment's size as `trimmedFrom` and `content-length` — or whole, in a recording made with
/// `--keep-media` (no `trimmedFrom`), for the real engine: the fixture servers
/// (examples/dai/server.py, live_server.py) serve the writer's segments. To write the bodies
/// and sizes again after a change to a spec or the writer:
/// `ADHOST_WRITE_EXAMPLES=1 swift test --filter RecordedSegmentBytesTests`.
@Suite struct RecordedSegmentBytesTests {
  @Test(arguments: ["examples/dai/vod", "examples/dai/live"])
  func theRecordedSegmentsAreTheWritersTrimmed(_ folder: String) throws {
    let root = repositoryRoot.appendingPathComponent(folder)
    let indexURL = root.appendingPathComponent("recording/index.json")
    var indexText = try String(contentsOf: indexURL, encoding: .utf8)
    let stream = try ExampleSpecStream.read(folder)
    let rewriting = ProcessInfo.processInfo.environment["ADHOST_WRITE_EXAMPLES"] == "1"
    var checked = 0
    for exchange in try JSONValue.parse(indexText)["exchanges"]?.arrayValue ?? [] {
      guard let url = exchange["url"]?.stringValue, let body = exchange["body"]?.stringValue,
        let whole = Self.file(stream, recordedAs: url)
      else { continue }
      let bodyURL = root.appendingPathComponent("recording/" + body)
      // A recording made with --keep-media (no `trimmedFrom`) keeps the segment whole.
      let kept = exchange["trimmedFrom"] == nil
      let trimmed = kept ? whole : SegmentTrimmer.trim(whole)
      if rewriting {
        try Data(trimmed).write(to: bodyURL)
        indexText = Self.replacingSizes(in: indexText, of: url, with: whole.count, trimmed: trimmed != whole)
      } else {
        #expect([UInt8](try Data(contentsOf: bodyURL)) == trimmed, "\(folder): \(url)'s body")
        #expect(
          exchange["trimmedFrom"]?.numberValue == (trimmed != whole ? Double(whole.count) : nil),
          "\(folder): \(url)'s trimmedFrom")
        #expect(
          exchange["headers"]?["content-length"]?.stringValue == String(whole.count),
          "\(folder): \(url)'s content-length")
      }
      checked += 1
    }
    if rewriting { try indexText.write(to: indexURL, atomically: true, encoding: .utf8) }
    #expect(checked == stream.segmentCount + (stream.initSegment == nil ? 0 : 1))
  }

  /// The writer's file a recorded URL asks for: `…/segN.ts` or `.m4s` is segment N, `init.mp4`.
  private static func file(_ stream: MediaStream, recordedAs url: String) -> [UInt8]? {
    let name = String(url.split(separator: "/").last ?? "")
    if name == "init.mp4" { return stream.initSegment }
    guard name.hasPrefix("seg"), let dot = name.lastIndex(of: "."),
      let number = Int(name[name.index(name.startIndex, offsetBy: 3)..<dot]), number < stream.segmentCount
    else { return nil }
    return stream.segment(number)
  }

  /// `indexText` with the exchange of `url` saying `size` in `content-length` and `trimmedFrom`.
  private static func replacingSizes(in indexText: String, of url: String, with size: Int, trimmed: Bool)
    -> String
  {
    var lines = indexText.components(separatedBy: "\n")
    guard let urlLine = lines.firstIndex(of: "      \"url\" : \"\(url)\"") else { return indexText }
    var start = urlLine
    while start > 0 && lines[start] != "    {" { start -= 1 }
    for index in start..<urlLine where lines[index].hasPrefix("        \"content-length\" : ") {
      lines[index] = "        \"content-length\" : \"\(size)\","
    }
    let sizeLine = "      \"trimmedFrom\" : \(size),"
    if let old = lines[start..<urlLine].firstIndex(where: { $0.hasPrefix("      \"trimmedFrom\" : ") }) {
      if trimmed { lines[old] = sizeLine } else { lines.remove(at: old) }
    } else if trimmed {
      lines.insert(sizeLine, at: urlLine)
    }
    return lines.joined(separator: "\n")
  }
}
