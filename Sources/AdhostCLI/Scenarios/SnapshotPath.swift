import Foundation

/// A scenario's golden file stays inside the scenario's own folder: `adhost test --update`
/// writes it, so a contributed scenario must not name any other file the user can write (a
/// shell profile, a source file). The path is checked after resolving symbolic links: those of
/// the folders it goes through, and the file's own when it is a link.
enum SnapshotPath {
  /// `path` (already resolved against `folder`) when it lies inside `folder`, else an error at
  /// `json` (the member that named it).
  static func confined(_ path: String, folder: String, json: ScenarioJSON) throws(ScenarioError) -> String {
    guard let root = realPath(folder.isEmpty ? "." : folder), let real = physical(path),
      real.hasPrefix(root == "/" ? "/" : root + "/")
    else {
      throw json.error(
        "the snapshot must be a file inside the scenario's folder (symbolic links resolved), got \(path)")
    }
    return path
  }

  /// Where `path` leads: its existing part with every link resolved, then the rest as written
  /// (a golden file not written yet). Nil for a link that leads nowhere.
  static func physical(_ path: String) -> String? {
    var existing = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    var rest: [String] = []
    while realPath(existing) == nil {
      var status = stat()
      // A dangling link: its target would be created by the write.
      if lstat(existing, &status) == 0 { return nil }
      let name = (existing as NSString).lastPathComponent
      guard !name.isEmpty, name != "/" else { return nil }
      rest.insert(name, at: 0)
      existing = (existing as NSString).deletingLastPathComponent
    }
    guard let base = realPath(existing) else { return nil }
    return ([base == "/" ? "" : base] + rest).joined(separator: "/")
  }

  private static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
