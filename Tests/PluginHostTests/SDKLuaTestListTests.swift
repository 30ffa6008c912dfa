import Foundation
import Testing

/// The SDK's Lua unit tests (`adhost lua --host sdk/tests/run.lua`, in scripts/test.sh) run
/// every `*_test.lua`: the sandbox cannot list a folder, so run.lua names them.
@Suite struct SDKLuaTestListTests {
  @Test func runLuaNamesEveryTestFileOfTheFolder() throws {
    let folder = repositoryRoot.appendingPathComponent("sdk/tests")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix("_test.lua") }.map { String($0.dropLast(4)) }.sorted()
    let runner = try String(contentsOf: folder.appendingPathComponent("run.lua"), encoding: .utf8)
    #expect(!files.isEmpty)
    for name in files { #expect(runner.contains("\"\(name)\""), "run.lua does not run \(name).lua") }
  }
}
