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

  /// Issue 39's proof, the one real-time run of this suite (18 s of content): `adhost run
  /// --engine gstreamer plugins/dai.lua` lasts the content, renders its frames (the log's last
  /// line), begins the ads the headless run begins, and pings each media id once within 0.5 s of
  /// its tag's content time.
  @Test(RealClip.engineTests) func inRealTimeTheRunLastsTheContentAndPingsEachIdOnTime() async throws {
    let server = try RealDAIServer()
    let scratch = try Scratch()
    let source = try scratch.write("source.json", server.sourceJSON)
    let started = Date()
    let run = await Self.adhost([
      "run", Self.plugin, source, "--engine", "gstreamer", "--allow-http", "--json",
    ])
    let wall = -started.timeIntervalSinceNow
    #expect(run.code == 0, "\(run.errors)")
    #expect(wall >= 0.9 * RealDAIServer.seconds, "played in \(wall) s")
    let lines = run.output.split(separator: "\n").compactMap {
      (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
    }
    let last = try #require(lines.last)
    #expect(last["type"] as? String == "frames", "the log ends with the frame count: \(last)")
    let rendered = try #require(last["rendered"] as? Double)
    #expect(rendered >= 0.9 * RealDAIServer.seconds * RealClip.frameRate, "\(rendered) frames")
    let types = Self.types(run.output)
    #expect(types.filter { $0.hasPrefix("adbegin") } == ["adbegin:pre1", "adbegin:mid1"], "\(types)")
    #expect(server.pings.sorted() == RealDAIServer.tags.map(\.id).sorted(), "\(server.pings)")
    for line in lines where line["type"] as? String == "beacon" {
      let url = line["url"] as? String ?? ""
      guard let tag = RealDAIServer.tags.first(where: { url.hasSuffix("/" + $0.id) }) else { continue }
      let sent = try #require(line["contentTime"] as? Double)
      #expect(abs(sent - tag.time) <= 0.5, "\(tag.id) sent at \(sent)")
    }
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

extension EngineRunCommandTests {
  /// `--show --screenshot-at`: a window (under a private Xvfb where the host has no display)
  /// plays the stream, and the frame shown at 8 s of media is written as a PNG that is not blank.
  @Test(RealClip.engineTests, .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/Xvfb")))
  func aWindowsFrameIsWrittenAsAPictureThatIsNotBlank() async throws {
    let server = try RealDAIServer()
    let scratch = try Scratch()
    let source = try scratch.write("source.json", server.sourceJSON)
    let shot = scratch.folder.appendingPathComponent("at-8.png")
    let run = await Self.adhost([
      "run", Self.plugin, source, "--engine", "gstreamer", "--engine-speed", "fast", "--show",
      "--screenshot-at", "8:\(shot.path)", "--allow-http", "--json",
    ])
    #expect(run.code == 0, "\(run.errors)")
    let picture = try #require(try DecodedPicture(png: shot), "no PNG ffmpeg decodes at \(shot.path)")
    #expect(picture.width == 160 && picture.height == 90)
    #expect(picture.variance > 100, "a blank picture: variance \(picture.variance)")
    #expect(Self.types(run.output).contains("screenshot"))
  }

  @Test func aScreenshotAsksForTheEngineAndATime() async throws {
    let scratch = try Scratch()
    let source = try scratch.source(duration: 10, ssai: #"{"integration": "google-dai"}"#)
    let headless = await Self.adhost(["run", Self.plugin, source, "--screenshot-at", "2:x.png"])
    #expect(headless.code == 64)
    #expect(headless.errors.contains("--screenshot-at: needs --engine gstreamer"), "\(headless.errors)")
    let malformed = await Self.adhost([
      "run", Self.plugin, source, "--engine", "gstreamer", "--screenshot-at", "soon:x.png",
    ])
    #expect(malformed.code == 64)
    #expect(malformed.errors.contains("expected SECONDS:FILE"), "\(malformed.errors)")
  }
}
