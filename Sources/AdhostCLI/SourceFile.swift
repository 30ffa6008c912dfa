import AdPlayer
import Foundation
import HTTPKit
import PlayerSeam

/// Source files: read, decoded with errors that name the file and JSON path.
enum SourceFile {
  static func load(_ path: String) throws -> SourceDescription {
    let text = try read(path, "source")
    return try decoding(path) { () throws(ModelDecodingError) in try SourceDescription(jsonText: text) }
  }

  /// The top-level `duration` (adhost's extension) as a VOD timeline.
  static func timeline(of source: SourceDescription) -> ContentTimeline? {
    source.contentDuration.map(ContentTimeline.vod)
  }

  /// The largest source or actions file read.
  static let maxBytes = 64 << 20

  static func read(_ path: String, _ what: String) throws -> String {
    let data: Data
    do {
      data = try LocalFile.read(path, maxBytes: maxBytes)
    } catch {
      throw UsageError("cannot read the \(what) file \(path): \(error)")
    }
    guard let text = String(data: data, encoding: .utf8) else { throw UsageError("\(path): not UTF-8 text") }
    return text
  }
}
