import Foundation

extension MediaStream {
  /// Writes every file of the VOD stream into `folder` (created when missing); returns the paths.
  public func write(to folder: URL) throws -> [URL] {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    var written: [URL] = []
    for file in files {
      let url = folder.appendingPathComponent(file.name)
      try Data(file.bytes).write(to: url)
      written.append(url)
    }
    return written
  }
}
