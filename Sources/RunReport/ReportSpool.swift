import Foundation
import PlayerSeam
import Synchronization

/// A run's log entries kept for its report in a temporary file (removed from its folder as soon
/// as it is made, so nothing is left behind), not in memory: appending one is copying its texts
/// (`SpoolRecord`), and the report is built from the file when it is asked for
/// (`forEach`), outside the plugins' calls and their budgets. Texts are cut to the report's
/// limits as they are written. Any thread: the run's thread appends, another may read.
public final class ReportSpool: Sendable {
  /// The file and what is still to be written to it.
  private struct Spool {
    let file: FileHandle
    var buffer: [UInt8] = []
    var written = 0
    var failure: String?

    mutating func flush() {
      guard !buffer.isEmpty, failure == nil else { return }
      do {
        try file.write(contentsOf: buffer)
        written += buffer.count
      } catch {
        failure = "cannot write the report's temporary file: \(error.localizedDescription)"
      }
      buffer.removeAll(keepingCapacity: true)
    }
  }

  private let spool: Mutex<Spool>
  private let limits: ReportLimits
  private static let bufferBytes = 1 << 16

  /// A spool in the temporary folder (`TMPDIR`); throws when it cannot be made.
  public init(limits: ReportLimits = .standard) throws {
    self.limits = limits
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "adhost-report-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString).jsonl")
    guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
      throw SpoolError(description: "cannot make a temporary file in \(url.deletingLastPathComponent().path)")
    }
    spool = Mutex(Spool(file: try FileHandle(forUpdating: url)))
    try? FileManager.default.removeItem(at: url)
  }

  deinit { spool.withLock { try? $0.file.close() } }

  /// Why the spool could not be written, if it could not.
  public var error: String? { spool.withLock { $0.failure } }

  /// Appends an entry.
  public func append(_ item: ReportEntry) {
    let cut = ReportEntry(limits.cut(item.entry), contentTime: item.contentTime)
    spool.withLock { spool in
      SpoolRecord.write(cut, to: &spool.buffer)
      if spool.buffer.count >= Self.bufferBytes { spool.flush() }
    }
  }

  /// Hands every entry appended so far to `body`, in order (read back from the file in chunks:
  /// memory is one chunk, not the log).
  public func forEach(_ body: (ReportEntry) -> Void) throws {
    try spool.withLock { spool in
      spool.flush()
      if let failure = spool.failure { throw SpoolError(description: failure) }
      let file = spool.file
      try file.seek(toOffset: 0)
      var rest: [UInt8] = []
      var read = 0
      while read < spool.written {
        guard let chunk = try file.read(upToCount: min(1 << 20, spool.written - read)), !chunk.isEmpty else {
          break
        }
        read += chunk.count
        rest += chunk
        var start = 0
        while let length = SpoolRecord.length(rest, at: start), start + length <= rest.count {
          if let item = SpoolRecord.read(rest, at: start) { body(item) }
          start += max(length, 4)
        }
        rest.removeFirst(start)
      }
      try file.seekToEnd()
    }
  }
}

/// The spool could not be made, written or read.
public struct SpoolError: Error, CustomStringConvertible {
  public let description: String
}
