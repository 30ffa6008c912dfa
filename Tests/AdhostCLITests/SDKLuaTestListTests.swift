import Foundation
import TestFiles
import Testing

/// The SDK's Lua unit tests (`adhost lua --host sdk/tests/run.lua`, also in scripts/test.sh) run
/// every `*_test.lua`: the sandbox cannot list a folder, so run.lua names them.
@Suite struct SDKLuaTestListTests {
  @Test func theSDKsLuaUnitTestsPass() async throws {
    let run = await adhost(["lua", "--host", repositoryRoot.appendingPathComponent("sdk/tests/run.lua").path])
    #expect(run.code == 0, "\(run.output)\(run.errors)")
    #expect(run.output.hasSuffix(" passed, 0 failed\n"), "\(run.output)")
    #expect(!run.output.contains("FAIL"))
  }

  @Test func runLuaNamesEveryTestFileOfTheFolder() throws {
    let folder = repositoryRoot.appendingPathComponent("sdk/tests")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix("_test.lua") }.map { String($0.dropLast(4)) }.sorted()
    let runner = try String(contentsOf: folder.appendingPathComponent("run.lua"), encoding: .utf8)
    #expect(!files.isEmpty)
    for name in files { #expect(runner.contains("\"\(name)\""), "run.lua does not run \(name).lua") }
  }
}
