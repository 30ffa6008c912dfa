import Foundation
import OutsideText

extension RecordingFolder {
  /// The largest `index.json` read.
  static let maxIndexBytes = 64 << 20

  /// Reads and checks `index.json` (with the exchanges its `index.journal` adds): the version, each exchange's status, and that each body is a
  /// regular file inside the folder. Errors name the file, the JSON path and what was expected.
  /// `cache`: the indexes already parsed in this run, taken when `index.json` has not changed.
  static func load(_ folder: URL, cache: RecordingIndexCache? = nil) throws(RecordingError) -> RecordingIndex
  {
    let data: Data
    do {
      data = try LocalFile.read(indexURL(folder).path, maxBytes: maxIndexBytes)
    } catch .notFound {
      throw .index(folder, "no such file (a recording is a folder written by --record, holding index.json)")
    } catch {
      throw .index(folder, "\(error)")
    }
    var index: RecordingIndex
    do throws(JSONPathError) {
      let parse = { (text: Data) throws(JSONPathError) in try RecordingIndex(data: text) }
      if let cache {
        index = try cache.index(at: indexURL(folder).path, text: data, parse: parse)
      } else {
        index = try parse(data)
      }
    } catch {
      throw .index(folder, at: error.path, error.expectation)
    }
    guard (1...RecordingIndex.currentVersion).contains(index.version) else {
      throw .index(
        folder, at: "version",
        "\(index.version) is not a recording version this adhost reads (1 to \(RecordingIndex.currentVersion))"
      )
    }
    index.exchanges += try RecordingJournal.exchanges(in: folder, after: index.exchanges.count)
    let bodies = RecordingBody.Folder(folder)
    for (position, exchange) in index.exchanges.enumerated() {
      if let status = exchange.status, !(100...599).contains(status) {
        throw .index(
          folder, at: "exchanges[\(position)].status",
          "expected an HTTP status from 100 to 599, got \(status)")
      }
      if let size = exchange.trimmedFrom, size < 0 {
        throw .index(
          folder, at: "exchanges[\(position)].trimmedFrom",
          "expected the size of the whole recorded body, a byte count of 0 or more, got \(size)")
      }
      if let name = exchange.body {
        try checkBody(name, in: folder, bodies, at: "exchanges[\(position)].body", exchange)
      }
      if case .file(let name)? = exchange.request?.body {
        try checkBody(name, in: folder, bodies, at: "exchanges[\(position)].request.body", exchange)
      }
    }
    return index
  }

  /// Checks that body file `name` is a regular file inside the folder.
  private static func checkBody(
    _ name: String, in folder: URL, _ bodies: RecordingBody.Folder, at path: String,
    _ exchange: RecordedExchange
  ) throws(RecordingError) {
    let resolved: String
    do {
      resolved = try RecordingBody.resolve(name, in: bodies)
    } catch {
      throw .index(folder, at: path, "\(exchange.key): \"\(name)\" \(error)")
    }
    do {
      try LocalFile.checkRegular(resolved)
    } catch {
      throw .index(folder, at: path, "\(exchange.key): \"\(name)\" is \(error); \(RecordingBody.expected)")
    }
  }
}
