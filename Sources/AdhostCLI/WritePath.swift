import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a file or folder the user asked adhost to write (`--junit`, `--report`, `--record`,
/// a screenshot, a golden file) cannot be written, said plainly — `is a folder, not a file`,
/// `its folder /x does not exist`, `permission denied` — rather than as Foundation's error codes
/// (`NSCocoaErrorDomain error 512`).
enum WritePath {
  /// What stands in the way of writing the file `path`, or nil when nothing is seen.
  static func fileObstacle(_ path: String) -> String? {
    if kind(path) != nil {
      if let other = notRegular(path) { return other }
      return access(path, W_OK) == 0 ? nil : "permission denied"
    }
    return folderObstacle(parent(path), writingIn: true)
  }

  /// What stands in the way of making the folder `path` (and its parents) and writing into it,
  /// or nil when nothing is seen. `writingIn`: a file is written into it (messages name it as
  /// the file's folder).
  static func folderObstacle(_ path: String, writingIn: Bool = false) -> String? {
    var folder = path
    while kind(folder) == nil {
      let up = parent(folder)
      if up == folder { return nil }
      if writingIn, folder == path { return "its folder \(folder) does not exist" }
      folder = up
    }
    guard kind(folder) == S_IFDIR else {
      return "\(folder == path ? "it" : folder) is \(name(kind(folder) ?? 0)), not a folder"
    }
    guard access(folder, W_OK | X_OK) == 0 else {
      return "permission denied (\(folder == path ? "the folder" : folder) is not writable)"
    }
    return nil
  }

  /// Why writing the file `path` failed with `error`: what stands in the way, else the
  /// system's reason.
  static func reason(file path: String, _ error: any Error) -> String {
    fileObstacle(path) ?? systemReason(error)
  }

  /// Why making or writing into the folder `path` failed with `error`.
  static func reason(folder path: String, _ error: any Error) -> String {
    folderObstacle(path) ?? systemReason(error)
  }

  /// The POSIX reason under a Foundation error (`No space left on device`), else its description.
  private static func systemReason(_ error: any Error) -> String {
    var current = error as NSError
    while true {
      if current.domain == NSPOSIXErrorDomain, let text = strerror(Int32(truncatingIfNeeded: current.code)) {
        return String(cString: text)
      }
      guard let underlying = current.userInfo[NSUnderlyingErrorKey] as? NSError else { break }
      current = underlying
    }
    return current.localizedDescription
  }

  /// `it is a FIFO, not a regular file` when there is something other than a regular file at
  /// `path` (links followed); nil when there is a regular file or nothing.
  static func notRegular(_ path: String) -> String? {
    guard let kind = kind(path), kind != S_IFREG else { return nil }
    return "it is \(name(kind)), not a regular file"
  }

  /// The kind of file at `path` (`S_IFREG`, `S_IFDIR`, …), links followed; nil when there is none.
  static func kind(_ path: String) -> mode_t? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return info.st_mode & S_IFMT
  }

  /// `a folder`, `a FIFO`, …
  static func name(_ kind: mode_t) -> String {
    switch kind {
    case S_IFDIR: return "a folder"
    case S_IFIFO: return "a FIFO"
    case S_IFCHR, S_IFBLK: return "a device"
    case S_IFSOCK: return "a socket"
    case S_IFREG: return "a regular file"
    default: return "a special file"
    }
  }

  private static func parent(_ path: String) -> String {
    let up = (path as NSString).deletingLastPathComponent
    return up.isEmpty ? "." : up
  }
}
