import Foundation
import MediaWriter
import TestFiles

/// The stream an example's `stream.json` writes, as `adhost media write` reads it: with its clip
/// (`"payload": {"clip": FILE}`, FILE from the spec's folder) when it names one.
enum ExampleSpecStream {
  static func read(_ folder: String) throws -> MediaStream {
    let root = repositoryRoot.appendingPathComponent(folder)
    let text = try String(contentsOf: root.appendingPathComponent("stream.json"), encoding: .utf8)
    let spec = try MediaSpec.read(text)
    guard case .clip(let file) = spec.payload else { return MediaStream(spec) }
    let bytes = try Data(contentsOf: root.appendingPathComponent(file))
    return MediaStream(spec, clip: try TSClip([UInt8](bytes)))
  }
}
