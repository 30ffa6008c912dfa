import Foundation
import HTTPKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The documents `adhost check` reads: files, directories (their *.xml files, recursively, in
/// name order), globs the shell did not expand, and URLs.
enum CheckInputs {
  /// The largest document read.
  static let maxBytes = 16 << 20

  /// Every document the arguments name, in order.
  static func expand(_ arguments: [String]) throws(UsageError) -> [String] {
    var documents: [String] = []
    for argument in arguments {
      if argument.contains("://") {
        documents.append(argument)
      } else if argument.contains(where: { "*?[".contains($0) })
        && !FileManager.default.fileExists(atPath: argument)
      {
        let matches = matching(argument)
        guard !matches.isEmpty else { throw UsageError("\(argument): no file matches") }
        for path in matches { documents += try files(path) }
      } else {
        documents += try files(argument)
      }
    }
    return documents
  }

  /// The bytes of one document.
  static func load(_ document: String, client: HTTPClient) async throws -> [UInt8] {
    if document.contains("://") {
      guard let url = URL(string: document), url.scheme == "https" || url.scheme == "http" else {
        throw UsageError("not an http(s) URL: \(document)")
      }
      do {
        return Array(try await client.fetch(url))
      } catch {
        throw UsageError("\(document): \(error)")
      }
    }
    do {
      return Array(try LocalFile.read(document, maxBytes: maxBytes))
    } catch {
      throw UsageError("\(document): \(error)")
    }
  }

  private static func files(_ path: String) throws(UsageError) -> [String] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw UsageError("\(path): no such file or directory")
    }
    guard isDirectory.boolValue else { return [path] }
    let base = path.hasSuffix("/") ? String(path.dropLast()) : path
    let found = (FileManager.default.enumerator(atPath: path)?.allObjects as? [String]) ?? []
    return found.filter { $0.lowercased().hasSuffix(".xml") }.sorted().map { base + "/" + $0 }
  }

  private static func matching(_ pattern: String) -> [String] {
    var result = glob_t()
    defer { globfree(&result) }
    guard glob(pattern, 0, nil, &result) == 0 else { return [] }
    return (0..<Int(result.gl_pathc)).compactMap { index in
      result.gl_pathv[index].map { String(cString: $0) }
    }
  }
}
