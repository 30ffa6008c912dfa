import Foundation
import OutsideText

/// The exchanges recorded since `index.json` was last written, one JSON line each in
/// `index.journal` beside it: appending a line per exchange keeps recording linear (rewriting
/// the index each time made N exchanges O(N²)), and what was appended survives an interrupt or
/// a crash, since loading a recording reads the journal after the index (docs/http.md).
/// `RecordingTransport.finish()` writes the whole index and removes the journal.
enum RecordingJournal {
  static func url(_ folder: URL) -> URL { folder.appendingPathComponent("index.journal") }

  /// A line: the exchange's position in `exchanges` and the exchange.
  struct Line: Codable {
    let position: Int
    let exchange: RecordedExchange
  }

  /// The journal in `folder`, made empty, for appending.
  static func open(_ folder: URL) throws -> FileHandle {
    let file = url(folder)
    guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
      throw RecordingError("\(file.path): cannot be created")
    }
    return try FileHandle(forWritingTo: file)
  }

  static func line(_ exchange: RecordedExchange, at position: Int) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(Line(position: position, exchange: exchange)) + Data([0x0A])
  }

  /// The exchanges of the journal in `folder` that follow the index's `count` (a line for a
  /// position the index already holds was written into it before the journal was removed; a
  /// last line cut short by a crash is left out). Errors name the journal, its line and what
  /// was expected.
  static func exchanges(in folder: URL, after count: Int) throws(RecordingError) -> [RecordedExchange] {
    let file = url(folder)
    let data: Data
    do {
      data = try LocalFile.read(file.path, maxBytes: RecordingFolder.maxIndexBytes)
    } catch .notFound {
      return []
    } catch {
      throw RecordingError("\(file.path): \(error)")
    }
    var exchanges: [RecordedExchange] = []
    var start = data.startIndex
    var number = 0
    // Only complete lines: the last one may have been cut short.
    while let end = data[start...].firstIndex(of: 0x0A) {
      number += 1
      let text = data[start..<end]
      start = end + 1
      if text.isEmpty { continue }
      let line: Line
      do {
        line = try Line(text: String(decoding: text, as: UTF8.self))
      } catch {
        let location = error.path.isEmpty ? "" : " " + error.path
        throw RecordingError("\(file.path) line \(number)\(location): \(error.expectation)")
      }
      let expected = count + exchanges.count
      if line.position < expected { continue }
      guard line.position == expected else {
        throw RecordingError(
          "\(file.path) line \(number): expected the exchange at position \(expected), found \(line.position)"
        )
      }
      exchanges.append(line.exchange)
    }
    return exchanges
  }
}

extension RecordingJournal.Line {
  /// Reads one journal line with the JSON module: a member named twice, a syntax error or a
  /// member of the wrong type names its JSON path.
  init(text: String) throws(JSONPathError) {
    let value: JSONValue
    do {
      value = try JSONValue.parse(text, refusingRepeatedMembers: true)
    } catch {
      throw JSONPathError(
        path: error.path ?? "",
        expectation: error.path == nil ? "expected a recorded exchange (\(error))" : error.message)
    }
    let reader = try JSONReader(value, path: "")
    guard let position = try RecordingIndex.integer(reader, "position") else {
      throw JSONPathError(path: "position", expectation: "missing: expected the exchange's position")
    }
    guard let exchange = reader.value("exchange") else {
      throw JSONPathError(path: "exchange", expectation: "missing: expected a recorded exchange")
    }
    self.init(
      position: position, exchange: try RecordedExchange(json: JSONReader(exchange, path: "exchange")))
  }
}
