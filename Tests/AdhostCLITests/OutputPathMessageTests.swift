import Foundation
import TestFiles
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file or folder adhost is asked to write, or a golden file it reads, that cannot be one gets
/// a message saying what is wrong (`it is a folder, not a regular file`), never a Foundation
/// error code (`NSCocoaErrorDomain error 512`) or a wrong reason (`no golden file`).
@Suite struct OutputPathMessageTests {
  /// A folder with a plugin, a source and a scenario that passes.
  static func folder() throws -> Scratch {
    let scratch = try Scratch()
    _ = try scratch.write(
      "plugin.lua", #"player.ads:registerServerSideIntegration("x", function() return {} end)"#)
    _ = try scratch.write(
      "source.json",
      #"{"sources": {"src": "http://127.0.0.1:1/none.mp4", "ssai": {"integration": "x"}}, "duration": 1}"#)
    _ = try scratch.write("ok.scenario.json", #"{"plugin": "plugin.lua", "source": "source.json"}"#)
    return scratch
  }

  @Test func outputsThatCannotBeWrittenSayWhy() async throws {
    let scratch = try Self.folder()
    let path = scratch.folder.path
    let scenario = path + "/ok.scenario.json"
    let cases: [(arguments: [String], message: String)] = [
      (
        ["test", scenario, "--junit", "/"],
        "cannot write the JUnit report /: it is a folder, not a regular file"
      ),
      (
        ["test", scenario, "--junit", path + "/missing/junit.xml"],
        "cannot write the JUnit report \(path)/missing/junit.xml: its folder \(path)/missing does not exist"
      ),
      (
        ["test", scenario, "--report", scenario],
        "cannot write the HTML report into \(scenario): it is a regular file, not a folder"
      ),
      (
        ["run", path + "/plugin.lua", path + "/source.json", "--report", "/"],
        "cannot write the report /: it is a folder, not a regular file"
      ),
      (
        ["run", path + "/plugin.lua", path + "/source.json", "--record", scenario],
        "--record \(scenario): it is a regular file, not a folder"
      ),
    ]
    for (arguments, message) in cases {
      let run = await adhost(arguments)
      #expect(run.code != 0, "\(arguments)")
      #expect(run.errors.contains(message), "\(arguments): \(run.errors)")
      #expect(
        !run.errors.contains("NSCocoaErrorDomain") && !run.errors.contains("Error Domain"), "\(run.errors)")
    }
  }

  @Test(arguments: [false, true]) func aSnapshotThatIsAFIFOIsNotARegularFile(update: Bool) async throws {
    let scratch = try Self.folder()
    let fifo = scratch.folder.appendingPathComponent("golden.jsonl").path
    #expect(mkfifo(fifo, 0o644) == 0)
    let scenario = try scratch.write(
      "fifo.scenario.json", #"{"plugin": "plugin.lua", "source": "source.json", "snapshot": "golden.jsonl"}"#)
    let run = await adhost(["test", scenario] + (update ? ["--update"] : []))
    #expect(run.code == 1)
    #expect(
      run.output.contains("golden.jsonl: it is a FIFO, not a regular file"), "\(run.output)\(run.errors)")
    #expect(!run.output.contains("no golden file"))
  }
}
