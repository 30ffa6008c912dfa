import TestFiles
import Testing

@testable import AdhostCLI

/// A scenario's `backBuffer` is `adhost run --back-buffer`, checked at its JSON path.
@Suite struct ScenarioBackBufferTests {
  let scratch: Scratch

  init() throws { scratch = try Scratch() }

  func scenario(_ member: String) throws -> String {
    _ = try scratch.write("plugin.lua", "")
    _ = try scratch.write("source.json", #"{"sources": {"src": "https://cdn.example/media.m3u8"}}"#)
    return try scratch.write(
      "back.scenario.json", #"{"plugin": "plugin.lua", "source": "source.json", \#(member)}"#)
  }

  @Test func backBufferIsTheRunsBackBuffer() throws {
    let scenario = try Scenario(file: try scenario(#""backBuffer": 5"#))
    let arguments = scenario.runArguments
    let position = try #require(arguments.firstIndex(of: "--back-buffer"))
    #expect(arguments[position + 1] == "5.0")
  }

  @Test func aNegativeBackBufferIsRefusedAtItsPath() throws {
    let file = try scenario(#""backBuffer": -2"#)
    #expect {
      _ = try Scenario(file: file)
    } throws: { error in
      "\(error)" == "\(file): backBuffer: expected a number of seconds ≥ 0, found -2"
    }
  }
}
