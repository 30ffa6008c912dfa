import Foundation
import RealMedia
import TestFiles
import Testing

@testable import AdhostCLI

/// `adhost run --engine gstreamer`: the same JSON log and exit codes as on the headless player,
/// with GStreamer playing the content; what the engine cannot do, refused by name.
@Suite(.serialized) struct EngineRunCommandTests {
  static let plugin = repositoryRoot.appendingPathComponent("plugins/dai.lua").path

  /// Runs `adhost <arguments>` in-process: exit code, standard output and standard error.
  static func adhost(_ arguments: [String]) async -> (code: Int32, output: String, errors: String) {
    let console = Console(capturing: ())
    let code = await Adhost.main(arguments, console: console)
    return (code, console.output, console.errorOutput)
  }

  static func types(_ output: String) -> [String] {
    output.split(separator: "\n").compactMap { line in
      let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
      guard let type = object?["type"] as? String else { return nil }
      if let ad = object?["ad"] as? [String: Any], let id = ad["id"] as? String { return "\(type):\(id)" }
      return type
    }
  }

  @Test(RealClip.engineTests) func theFastModePlaysTheDAIStreamAndEndsWithTheFrameCount() async throws {
    let server = try RealDAIServer()
    let scratch = try Scratch()
    let source = try scratch.write("source.json", server.sourceJSON)
    let run = await Self.adhost([
      "run", Self.plugin, source, "--engine", "gstreamer", "--engine-speed", "fast", "--allow-http", "--json",
    ])
    #expect(run.code == 0, "\(run.errors)")
    let types = Self.types(run.output)
    #expect(types.filter { $0.hasPrefix("adbegin") } == ["adbegin:pre1", "adbegin:mid1"], "\(types)")
    #expect(types.contains("ended"))
    #expect(types.last == "frames", "\(types.suffix(5))")
    #expect(server.pings.count == RealDAIServer.tags.count, "\(server.pings)")
  }

  @Test func whatTheEngineCannotDoIsRefusedByName() async throws {
    let scratch = try Scratch()
    let source = try scratch.source(duration: 10, ssai: #"{"integration": "google-dai"}"#)
    let realtime = await Self.adhost(["run", Self.plugin, source, "--engine", "gstreamer", "--realtime"])
    #expect(realtime.code == 64)
    #expect(realtime.errors.contains("plays in real time already"), "\(realtime.errors)")
    let unknown = await Self.adhost(["run", Self.plugin, source, "--engine", "vlc"])
    #expect(unknown.code == 64)
    #expect(
      unknown.errors.contains("--engine: expected headless or gstreamer, got 'vlc'"), "\(unknown.errors)")
    let speed = await Self.adhost(["run", Self.plugin, source, "--engine-speed", "fast"])
    #expect(speed.code == 64)
    #expect(speed.errors.contains("--engine-speed: needs --engine gstreamer"), "\(speed.errors)")
    let repl = await Self.adhost(["repl", "--engine", "gstreamer"])
    #expect(repl.code == 64)
    #expect(repl.errors.contains("runs on the headless player only"), "\(repl.errors)")
  }
}

extension EngineRunCommandTests {
  /// A scenario's `"engine": "gstreamer"` runs it on the engine; its beacons' content times hold
  /// within the scenario's tolerance, and a wrong expectation fails it.
  @Test(RealClip.engineTests) func aScenarioRunsOnTheEngineItNames() async throws {
    let server = try RealDAIServer()
    let scratch = try Scratch()
    let source = try scratch.write("source.json", server.sourceJSON)
    func scenario(midpointAt contentTime: Double) -> String {
      """
      {"plugin": "\(Self.plugin)", "source": "\(source)", "allowHttp": true,
       "engine": "gstreamer", "engineSpeed": "fast", "tolerance": 0.5,
       "events": [{"type": "adbegin", "ad": "pre1"}, {"type": "adbegin", "ad": "mid1"}, {"type": "ended"}],
       "beacons": [{"event": "midpoint", "ad": "mid1", "contentTime": \(contentTime)}]}
      """
    }
    let good = try scratch.write("good.scenario.json", scenario(midpointAt: 15))
    let passed = await Self.adhost(["test", good, "-j", "1"])
    #expect(passed.code == 0, "\(passed.output)\(passed.errors)")
    let wrong = try scratch.write("wrong.scenario.json", scenario(midpointAt: 16))
    let failed = await Self.adhost(["test", wrong, "-j", "1"])
    #expect(failed.code == 1, "\(failed.output)\(failed.errors)")
    #expect(failed.output.contains("midpoint"), "\(failed.output)")
  }
}
