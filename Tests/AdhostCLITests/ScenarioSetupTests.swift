import Foundation
import LoopbackHTTP
import TestFiles
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Fixtures and variables of `adhost test`: a `setup` command (only with `--allow-setup`) whose
/// `NAME=value` lines, with `--env` variables, replace `${NAME}` in scenario and source files.
@Suite struct ScenarioSetupTests {
  final class Fixture {
    let scratch: Scratch
    let server: LoopbackServer

    init() throws {
      scratch = try Scratch()
      server = try LoopbackServer()
      server.fallback { _ in LoopbackResponse(status: 200, body: Data("{}".utf8)) }
      _ = try scratch.write("plugin.lua", RequestExpectationTests.plugin)
    }

    deinit { server.stop() }

    var folder: String { scratch.folder.path }
    var port: Int { server.baseURL.port ?? 0 }
    var pidFile: String { scratch.folder.appendingPathComponent("setup.pid").path }

    /// A setup command that writes its pid, prints the loopback server's port and keeps running.
    var setup: String { #"echo $$ > setup.pid; printf 'PORT=\#(port)\nOTHER=x=y\n\n'; exec sleep 60"# }

    /// A scenario whose source's base is `http://127.0.0.1:${PORT}` and that expects the session
    /// POST there; `members` are added.
    @discardableResult
    func scenario(_ name: String, _ members: String) throws -> String {
      try scratch.write(
        "\(name).scenario.json",
        """
        {
          \(members)
          "plugin": "plugin.lua",
          "source": {"sources": [{"src": "https://cdn.example/c.m3u8",
            "ssai": {"integration": "t", "base": "http://127.0.0.1:${PORT}", "segment": "${OTHER}"}}], "duration": 10},
          "allowHttp": true,
          "requests": [{"method": "POST", "url": "http://127.0.0.1:${PORT}/session?*", "body": {"adsParams.userSegment": "x=y"}}]
        }
        """)
    }
  }

  /// Whether the process `pid` is gone (reaped: no such process).
  static func gone(_ pid: Int32) -> Bool { kill(pid, 0) != 0 && errno == ESRCH }

  @Test func theSetupsPortReachesTheSourceAndTheSetupIsStoppedAfter() async throws {
    let fixture = try Fixture()
    let file = try fixture.scenario("setup", #""setup": "\#(fixture.setup)","#)
    let run = await adhost(["test", file, "--allow-setup"])
    #expect(run.code == 0, "\(run.output)")
    #expect(fixture.server.requests.contains { $0.target.hasPrefix("/session?") })
    let pid = try #require(
      Int32(
        try String(contentsOfFile: fixture.pidFile, encoding: .utf8).trimmingCharacters(
          in: .whitespacesAndNewlines)))
    #expect(Self.gone(pid), "the setup command \(pid) still runs")
  }

  @Test func aSetupIsRefusedWithoutAllowSetup() async throws {
    let fixture = try Fixture()
    let file = try fixture.scenario("setup", #""setup": "\#(fixture.setup)","#)
    let run = await adhost(["test", file])
    #expect(run.code == 1)
    #expect(
      run.output.contains(
        "FAIL \(file): invalid scenario: \(file): setup: refused to run the setup command echo $$ > setup.pid;"
      ),
      "\(run.output)")
    #expect(run.output.contains("only with --allow-setup"), "\(run.output)")
    #expect(!FileManager.default.fileExists(atPath: fixture.pidFile))
    #expect(fixture.server.requests.isEmpty)
  }

  @Test func theFoldersSettingsFileNamesTheSetup() async throws {
    let fixture = try Fixture()
    _ = try fixture.scratch.write(
      "scenarios.json", #"{"setup": {"command": "\#(fixture.setup)", "timeout": 20}}"#)
    let file = try fixture.scenario("shared", "")
    let run = await adhost(["test", file, "--allow-setup"])
    #expect(run.code == 0, "\(run.output)")
    let refused = await adhost(["test", file])
    #expect(
      refused.output.contains("scenarios.json: setup: refused to run the setup command"), "\(refused.output)")
  }

  @Test func aSetupThatFailsSaysWhy() async throws {
    let fixture = try Fixture()
    let failing = try fixture.scenario("failing", #""setup": ["sh", "-c", "echo no port here >&2; exit 3"],"#)
    let run = await adhost(["test", failing, "--allow-setup"])
    #expect(
      run.output.contains(
        "setup: the setup command sh -c echo no port here >&2; exit 3: exited with status 3; its standard error "
          + "ends: no port here"), "\(run.output)")
    let chatty = try fixture.scenario("chatty", #""setup": "echo Serving forever","#)
    let said = await adhost(["test", chatty, "--allow-setup"])
    #expect(said.output.contains(#"printed "Serving forever": expected NAME=value lines"#), "\(said.output)")
    let silent = try fixture.scenario("silent", #""setup": {"command": "exec sleep 60", "timeout": 0.5},"#)
    let waited = await adhost(["test", silent, "--allow-setup"])
    #expect(waited.output.contains("printed no empty line within 0.5 s"), "\(waited.output)")
  }

  @Test func anUnknownVariableNamesTheFileAndTheJSONPath() async throws {
    let fixture = try Fixture()
    let source = try fixture.scratch.write(
      "source.json",
      #"{"sources": [{"src": "https://cdn.example/c.m3u8", "ssai": {"integration": "t", "base": "${NOPE}"}}]}"#
    )
    let file = try fixture.scratch.write(
      "unknown.scenario.json", #"{"plugin": "plugin.lua", "source": "source.json", "duration": 10}"#)
    let run = await adhost(["test", file])
    #expect(
      run.output.contains(
        "invalid scenario: \(source): sources[0].ssai.base: unknown variable ${NOPE} (no variables given;"),
      "\(run.output)")
    #expect(fixture.server.requests.isEmpty)
  }

  @Test func envNamesAnEnvironmentVariable() async throws {
    let fixture = try Fixture()
    setenv("ADHOST_SCENARIO_TEST_PORT", "\(fixture.port)", 1)
    let file = try fixture.scratch.write(
      "env.scenario.json",
      """
      {
        "plugin": "plugin.lua",
        "source": {"sources": [{"src": "https://cdn.example/c.m3u8",
          "ssai": {"integration": "t", "base": "http://127.0.0.1:${ADHOST_SCENARIO_TEST_PORT}", "segment": "$${literal}"}}],
          "duration": 10},
        "allowHttp": true,
        "requests": [{"url": "*/session?*", "body": {"adsParams.userSegment": "$${literal}"}}]
      }
      """)
    let run = await adhost(["test", file, "--env", "ADHOST_SCENARIO_TEST_PORT"])
    #expect(run.code == 0, "\(run.output)")
    let without = await adhost(["test", file])
    #expect(
      without.output.contains("source.sources[0].ssai.base: unknown variable ${ADHOST_SCENARIO_TEST_PORT}"))
    let unset = await adhost(["test", file, "--env", "ADHOST_SCENARIO_TEST_UNSET"])
    #expect(unset.code == 64)
    #expect(
      unset.errors.contains("ADHOST_SCENARIO_TEST_UNSET is not set in the environment"), "\(unset.errors)")
  }

  @Test func runTakesItsActionsInline() async throws {
    let fixture = try Fixture()
    let source = try fixture.scratch.write(
      "inline.json",
      #"{"sources": [{"src": "https://cdn.example/c.m3u8", "ssai": {"integration": "t", "base": "\#(fixture.server.baseURL.absoluteString)"}}], "duration": 10}"#
    )
    let plugin = fixture.scratch.folder.appendingPathComponent("plugin.lua").path
    let run = await adhost([
      "run", plugin, source, "--allow-http", "--json", "--actions", #"[{"at": 3, "do": "seek", "to": 8}]"#,
    ])
    #expect(run.code == 0, "\(run.errors)")
    #expect(run.output.contains(#""type":"seeked""#), "\(run.output)")
    let bad = await adhost([
      "run", plugin, source, "--allow-http", "--actions", #" [{"at": 3, "do": "jump"}]"#,
    ])
    #expect(bad.code == 64)
    #expect(bad.errors.contains("--actions: [0].do: expected play, pause"), "\(bad.errors)")
  }
}
