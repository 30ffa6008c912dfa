import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writing a file whose path the user gave (`--report`, `--junit`, `media serve --log`).
///
/// A regular file (or a new one) is written whole or not at all: to a temporary file beside it,
/// then renamed over it. Something else at the path — `/dev/null`, a FIFO, a terminal — is
/// written in place: renaming over it would replace the device with a regular file (as root,
/// `--report /dev/null` did exactly that to the machine's `/dev/null`).
enum UserFile {
  /// Writes `text` to `path` (see the type's rules); throws what Foundation or the system said.
  static func write(_ text: String, to path: String) throws {
    try write(Data(text.utf8), to: path)
  }

  /// Writes `data` to `path`, by the same rules (`check --fix`'s copy keeps the document's bytes).
  static func write(_ data: Data, to path: String) throws {
    if WritePath.notRegular(path) == nil {
      try data.write(to: URL(fileURLWithPath: path), options: .atomic)
      return
    }
    let handle = try openForWriting(path)
    defer { try? handle.close() }
    try handle.write(contentsOf: data)
  }

  /// A handle that writes `path` from its start, created when missing (mode 0644) and emptied
  /// when a regular file; a device or FIFO is opened as it is, never replaced.
  static func openForWriting(_ path: String) throws -> FileHandle {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }
    return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
  }
}
