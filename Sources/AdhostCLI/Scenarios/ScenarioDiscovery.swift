import Foundation

/// A scenario file found under a root given to `adhost test`.
struct FoundScenario: Equatable {
  /// The path as printed and opened: the root joined with the path under it.
  let path: String
  /// The path relative to the root it was found under (the file's name for a file given
  /// itself): what `--shard` hashes, so the partition is the same on every machine.
  let relativePath: String

  /// The shard (1…count) the scenario belongs to: FNV-1a of its relative path, modulo count.
  func shard(of count: Int) -> Int {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in relativePath.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    return Int(hash % UInt64(count)) + 1
  }
}

/// Finds `*.scenario.json` files in files and folders (hidden folders are skipped).
enum ScenarioDiscovery {
  static let suffix = ".scenario.json"

  /// The scenarios under `roots`, sorted by path, each once.
  static func find(_ roots: [String]) throws(UsageError) -> [FoundScenario] {
    var found: [String: FoundScenario] = [:]
    for root in roots {
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: root, isDirectory: &isFolder) else {
        throw UsageError("no such file or folder: \(root)")
      }
      if !isFolder.boolValue {
        let path = ScenarioPaths.normalise(root)
        found[path] =
          found[path] ?? FoundScenario(path: path, relativePath: (root as NSString).lastPathComponent)
        continue
      }
      for relative in files(under: root) {
        let path = ScenarioPaths.normalise(root + "/" + relative)
        found[path] = found[path] ?? FoundScenario(path: path, relativePath: relative)
      }
    }
    return found.values.sorted { $0.path < $1.path }
  }

  private static func files(under folder: String) -> [String] {
    guard
      let walker = FileManager.default.enumerator(
        at: URL(fileURLWithPath: folder), includingPropertiesForKeys: [.isDirectoryKey],
        options: [.skipsHiddenFiles])
    else { return [] }
    let base = URL(fileURLWithPath: folder).standardizedFileURL.path
    var paths: [String] = []
    for case let url as URL in walker where url.lastPathComponent.hasSuffix(suffix) {
      let path = url.standardizedFileURL.path
      guard path.hasPrefix(base + "/") else { continue }
      paths.append(String(path.dropFirst(base.count + 1)))
    }
    return paths
  }
}
