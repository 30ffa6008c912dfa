import Foundation
import TestFiles
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An output path that is a FIFO or a device (`--report /dev/null`, `--junit` into a pipe) is
/// written in place, never replaced by a regular file: run as root, `--report /dev/null` used to
/// rename a temporary file over the machine's `/dev/null`. A FIFO stands in for the device here,
/// so that a regression breaks only this test's scratch folder.
@Suite struct SpecialOutputFileTests {
  /// Reads the FIFO at `path` to its end on a thread of its own, while adhost writes it.
  final class FIFOReader: @unchecked Sendable {
    // why: `text` is written by the reading thread before `done` is signalled, read after.
    private var text = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ path: String) {
      Thread.detachNewThread { [self] in
        let descriptor = open(path, O_RDONLY)
        if descriptor >= 0 {
          let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
          text = handle.readDataToEndOfFile()
        }
        done.signal()
      }
    }

    /// What was read, once the writer closed the FIFO; nil when nothing ever wrote it (the FIFO
    /// was replaced, so its reader waits forever: given up after a minute, not to hang the suite).
    func read() -> String? {
      guard done.wait(timeout: .now() + 60) == .success else { return nil }
      return String(decoding: text, as: UTF8.self)
    }
  }

  static func fifo(in scratch: Scratch, _ name: String) throws -> String {
    let path = scratch.folder.appendingPathComponent(name).path
    #expect(mkfifo(path, 0o600) == 0)
    return path
  }

  static func isFIFO(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO
  }

  @Test func aReportWrittenIntoAFIFOLeavesTheFIFO() async throws {
    let scratch = try OutputPathMessageTests.folder()
    let path = scratch.folder.path
    let fifo = try Self.fifo(in: scratch, "report.html")
    let reader = FIFOReader(fifo)
    let run = await adhost(["run", path + "/plugin.lua", path + "/source.json", "--report", fifo])
    #expect(run.code == 0, "\(run.errors)")
    #expect(reader.read()?.contains("<html") == true)
    #expect(Self.isFIFO(fifo), "the FIFO was replaced by a regular file")
  }

  @Test func aJUnitReportWrittenIntoAFIFOLeavesTheFIFO() async throws {
    let scratch = try OutputPathMessageTests.folder()
    let fifo = try Self.fifo(in: scratch, "junit.xml")
    let reader = FIFOReader(fifo)
    let run = await adhost(["test", scratch.folder.path + "/ok.scenario.json", "--junit", fifo])
    #expect(run.code == 0, "\(run.errors)")
    #expect(reader.read()?.contains("<testsuite") == true)
    #expect(Self.isFIFO(fifo), "the FIFO was replaced by a regular file")
  }
}
