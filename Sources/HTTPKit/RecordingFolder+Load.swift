import Foundation

extension RecordingFolder {
  /// The largest `index.json` read.
  static let maxIndexBytes = 64 << 20

  /// Reads and checks `index.json` (with the exchanges its `index.journal` adds): the version, each exchange's status, and that each body is a
  /// regular file inside the folder. Errors name the file, the JSON path and what was expected.
  static func load(_ folder: URL) throws(RecordingError) -> RecordingIndex {
    let data: Data
    do {
      data = try LocalFile.read(indexURL(folder).path, maxBytes: maxIndexBytes)
    } catch .notFound {
      throw .index(folder, "no such file (a recording is a folder written by --record, holding index.json)")
    } catch {
      throw .index(folder, "\(error)")
    }
    var index: RecordingIndex
    do {
      index = try RecordingIndex(data: data)
    } catch {
      throw .index(folder, at: error.path, error.expectation)
    }
    guard index.version == 1 else {
      throw .index(folder, at: "version", "\(index.version) is not a recording version this adhost reads (1)")
    }
    index.exchanges += try RecordingJournal.exchanges(in: folder, after: index.exchanges.count)
    for (position, exchange) in index.exchanges.enumerated() {
      if let status = exchange.status, !(100...599).contains(status) {
        throw .index(
          folder, at: "exchanges[\(position)].status",
          "expected an HTTP status from 100 to 599, got \(status)")
      }
      if let name = exchange.body {
        let path: String
        do {
          path = try RecordingBody.resolve(name, in: folder)
        } catch {
          throw .body(folder, exchange: position, exchange, "\"\(name)\" \(error)")
        }
        do {
          try LocalFile.checkRegular(path)
        } catch {
          throw .body(
            folder, exchange: position, exchange, "\"\(name)\" is \(error); \(RecordingBody.expected)")
        }
      }
    }
    return index
  }
}
