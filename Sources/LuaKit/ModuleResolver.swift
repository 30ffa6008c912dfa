import Foundation

/// Finds the file of a module name on a search path, for `require`: walks the name's folders
/// one at a time in each search folder, so that a symlink on the way is seen, followed when it
/// points into one of the search folders, and refused by name otherwise.
struct ModuleResolver {
  /// A module found: the file to read, and the name its chunk carries.
  struct Found {
    let file: String
    let chunkName: String
  }

  let search: ModuleSearchPath

  func resolve(_ name: String) throws(LuaError) -> Found {
    let parts = try Self.parts(of: name)
    let relative = parts.joined(separator: "/") + ".lua"
    let roots = search.folders.map { Self.realPath($0.path) }
    let allowed = roots.compactMap { $0 }
    var looked: [String] = []
    for (folder, root) in zip(search.folders, roots) {
      let shown = Self.join(folder.chunkPrefix ?? folder.path, relative)
      guard let root else {
        looked.append("no folder '\(folder.path)' (\(folder.role))")
        continue
      }
      if let file = try find(relative, in: root, shownAs: shown, module: name, allowed: allowed) {
        return Found(file: file, chunkName: shown)
      }
      looked.append("no file '\(Self.join(folder.path, relative))' (\(folder.role))")
    }
    guard !looked.isEmpty else {
      throw LuaError(.runtime, "module '\(name)' not found: this code has no module folder")
    }
    throw LuaError(.runtime, "module '\(name)' not found:\n\t" + looked.joined(separator: "\n\t"))
  }

  /// The words of a module name; anything else (`..`, `/`, an absolute path) is refused.
  private static func parts(of name: String) throws(LuaError) -> [Substring] {
    let parts = name.split(separator: ".", omittingEmptySubsequences: false)
    let valid =
      !parts.isEmpty
      && parts.allSatisfy { part in
        guard let first = part.first, first.isLetter || first == "_" else { return false }
        return part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
      }
    guard valid else {
      throw LuaError(
        .runtime, "module '\(name)' not found: module names are words separated by dots (no '/' or '..')")
    }
    return parts
  }

  /// The real path of `relative` under `root` when it is a file there, nil when it is not; a
  /// symlink on the way that leads outside every allowed folder, or nowhere, is an error.
  private func find(
    _ relative: String, in root: String, shownAs shown: String, module: String, allowed: [String]
  ) throws(LuaError) -> String? {
    var current = root
    var shownSoFar = String(shown.dropLast(relative.count))
    for component in relative.split(separator: "/") {
      let next = Self.join(current, String(component))
      shownSoFar = Self.join(shownSoFar, String(component))
      guard let kind = FileStatus.kind(of: next) else { return nil }
      guard kind == .symbolicLink else {
        current = next
        continue
      }
      let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: next)) ?? "?"
      guard let resolved = Self.realPath(next) else {
        throw LuaError(
          .runtime, "module '\(module)': \(shownSoFar) is a symlink to \(target), which does not exist")
      }
      guard allowed.contains(where: { Self.isInside(resolved, $0) }) else {
        throw LuaError(
          .runtime,
          "module '\(module)': \(shownSoFar) is a symlink to \(target) (\(resolved)), outside the folders "
            + "modules load from (adhost's SDK, the plugin's folder, --lib and ADHOST_LUA_PATH folders)")
      }
      current = resolved
    }
    guard let kind = FileStatus.kind(of: current, followingLinks: true), kind != .folder else { return nil }
    return current
  }

  /// The absolute path with every symlink resolved, or nil when it does not exist.
  static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  private static func isInside(_ path: String, _ folder: String) -> Bool {
    path == folder || path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
  }

  private static func join(_ folder: String, _ name: String) -> String {
    folder.isEmpty || folder.hasSuffix("/") ? folder + name : folder + "/" + name
  }
}
