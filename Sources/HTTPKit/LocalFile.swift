import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
  private typealias Glibc = Darwin
#endif

/// Why a local file could not be read; the caller names the file.
public enum LocalFileError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Nothing at the path.
  case notFound
  /// Something other than a regular file: a directory, a FIFO, a device or a socket (named).
  case notRegular(String)
  /// More bytes than the cap.
  case tooLarge(limit: Int)
  /// The system refused to open or read it, with its reason.
  case unreadable(String)

  /// What went wrong, e.g. "a FIFO, not a regular file".
  public var description: String {
    switch self {
    case .notFound: return "no such file"
    case .notRegular(let kind): return "\(kind), not a regular file"
    case .tooLarge(let limit): return "larger than \(limit) bytes"
    case .unreadable(let reason): return "cannot be read: \(reason)"
    }
  }
}

/// Reads local files without blocking on what is not a file: only regular files are read (a FIFO
/// would wait for a writer for ever, a device such as /dev/zero never ends), and at most a cap.
public enum LocalFile {
  /// The contents of the regular file at `path`, at most `maxBytes` bytes.
  public static func read(_ path: String, maxBytes: Int) throws(LocalFileError) -> Data {
    // O_NONBLOCK: opening a FIFO without a writer returns at once instead of waiting.
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { throw openError(errno) }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw .unreadable(String(cString: strerror(errno))) }
    if let kind = nonRegularKind(status.st_mode) { throw .notRegular(kind) }
    guard status.st_size <= Int64(clamping: maxBytes) else { throw .tooLarge(limit: maxBytes) }
    // Files such as those in /proc give size 0 and can still hold more: read one byte past the cap.
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 64 << 10)
    while data.count <= maxBytes {
      let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw .unreadable(String(cString: strerror(errno)))
      }
      if count == 0 { break }
      data.append(contentsOf: buffer[0..<count])
    }
    guard data.count <= maxBytes else { throw .tooLarge(limit: maxBytes) }
    return data
  }

  /// Checks that `path` names a regular file (following symbolic links) without reading it.
  public static func checkRegular(_ path: String) throws(LocalFileError) {
    var status = stat()
    guard stat(path, &status) == 0 else { throw openError(errno) }
    if let kind = nonRegularKind(status.st_mode) { throw .notRegular(kind) }
  }

  private static func openError(_ code: Int32) -> LocalFileError {
    code == ENOENT || code == ENOTDIR ? .notFound : .unreadable(String(cString: strerror(code)))
  }

  /// "a directory", "a FIFO", … for what is not a regular file; nil for a regular file.
  private static func nonRegularKind(_ mode: mode_t) -> String? {
    switch mode & S_IFMT {
    case S_IFREG: return nil
    case S_IFDIR: return "a directory"
    case S_IFIFO: return "a FIFO"
    case S_IFCHR: return "a character device"
    case S_IFBLK: return "a block device"
    case S_IFSOCK: return "a socket"
    default: return "a special file"
    }
  }
}
