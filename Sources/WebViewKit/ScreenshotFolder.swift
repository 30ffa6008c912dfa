import Foundation

/// The folder a plugin's screenshots may be written to (`--screenshots DIR`, the user's choice on
/// the command line). A plugin names only a plain file in it, `NAME.png`: letters, digits, `.`,
/// `_` and `-`, not starting with a dot, at most 255 bytes; never a path. The file is checked
/// after resolving symbolic links, when the screenshot is taken: a link at `DIR/NAME.png` must
/// lead to an existing file inside `DIR`, so nothing outside it is ever written.
public struct ScreenshotFolder: Sendable, Equatable {
  /// The folder as given.
  public let path: String

  /// The folder `path` (not checked until a screenshot is taken: it may be made meanwhile).
  public init(path: String) { self.path = path }

  /// The file a screenshot named `name` is written to, or why it is refused.
  public func file(for name: String) throws(WebViewError) -> String {
    guard Self.isPlainName(name) else {
      throw .refused(
        "screenshot \(Self.quoted(name)): expected a plain NAME.png (letters, digits, . _ -; no folders, "
          + "no leading dot) in the --screenshots folder")
    }
    guard let folder = Self.realPath(path), Self.isFolder(folder) else {
      throw .refused("screenshot \(name): the --screenshots folder \(path) is not a folder")
    }
    let file = folder + "/" + name
    var status = stat()
    guard lstat(file, &status) == 0 else { return file }  // a new file, in the folder
    if status.st_mode & S_IFMT == S_IFLNK {
      // A link is followed by the writer: it must end at an existing file inside the folder.
      guard let target = Self.realPath(file), target.hasPrefix(folder + "/") else {
        throw .refused("screenshot \(name): \(path)/\(name) is a symbolic link leading outside \(path)")
      }
      return target
    }
    guard status.st_mode & S_IFMT == S_IFREG else {
      throw .refused("screenshot \(name): \(path)/\(name) exists and is not a regular file")
    }
    return file
  }

  static func isPlainName(_ name: String) -> Bool {
    let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-".utf8)
    return name.utf8.count > 4 && name.utf8.count <= 255 && name.hasSuffix(".png") && !name.hasPrefix(".")
      && name.utf8.allSatisfy(allowed.contains)
  }

  /// The path with every symbolic link resolved (`realpath`), nil when it does not lead anywhere.
  static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  private static func isFolder(_ path: String) -> Bool {
    var isFolder: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
  }

  /// A name as shown in a message: at most 80 characters, control characters escaped.
  private static func quoted(_ name: String) -> String {
    let shown = name.unicodeScalars.prefix(80).map { $0.value < 0x20 || $0.value == 0x7F ? "?" : String($0) }
    return "\"" + shown.joined() + (name.unicodeScalars.count > 80 ? "…" : "") + "\""
  }
}
