import Foundation
import LoopbackHTTP
import TestFiles
import Testing

/// `adhost run` replays match what requests send (a body-only change fails naming the field),
/// `--redact` keeps a value out of the recording, `--map-host` replays against another port.
@Suite struct RecordedRequestCLITests {
  /// Posts the source's `segment` as JSON to its `base`'s session URL, then sends one beacon
  /// carrying its `sid`.
  static let plugin = """
    player.ads:registerServerSideIntegration("t", function(controller)
      return {
        setSource = function(source)
          local ssai = source.sources[1].ssai
          local answer = http.post(ssai.base .. "/session", json.encode({ adsParams = { userSegment = ssai.segment } }),
            { headers = { ["content-type"] = "application/json" } })
          beacon.send(ssai.base .. "/b?sid=" .. ssai.sid .. "&answered=" .. tostring(answer ~= nil), "custom")
          return true
        end,
      }
    end)
    """

  private func source(_ scratch: Scratch, _ base: String, segment: String = "sports", sid: String = "S3CR3T")
    throws -> String
  {
    try scratch.source(
      duration: 3,
      ssai: #"{"integration": "t", "base": "\#(base)", "segment": "\#(segment)", "sid": "\#(sid)"}"#)
  }

  private func record(_ scratch: Scratch, _ server: LoopbackServer) async throws -> (String, String) {
    let plugin = try scratch.write("plugin.lua", Self.plugin)
    let recording = scratch.folder.appendingPathComponent("rec").path
    let recorded = await adhost([
      "run", plugin, try source(scratch, server.baseURL.absoluteString), "--allow-http", "--record",
      recording,
      "--redact", "sid", "--start-date", "2026-03-04T05:06:07Z",
    ])
    #expect(recorded.code == 0, "\(recorded.errors)")
    return (plugin, recording)
  }

  @Test func aBodyOnlyChangeFailsTheReplayNamingTheField() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.fallback { _ in .text("{}", type: "application/json") }
    let scratch = try Scratch()
    let (plugin, recording) = try await record(scratch, server)
    let base = server.baseURL.absoluteString
    let same = await adhost([
      "run", plugin, try source(scratch, base), "--allow-http", "--offline", recording,
    ])
    #expect(same.code == 0, "\(same.errors)")
    #expect(!same.errors.contains("note:"))
    let changed = await adhost([
      "run", plugin, try source(scratch, base, segment: "CHANGED"), "--allow-http", "--offline", recording,
    ])
    #expect(changed.code == 1)
    #expect(
      changed.errors.contains(
        "1× POST \(base)/session: body adsParams.userSegment: recorded \"sports\", sent \"CHANGED\""),
      "\(changed.errors)")
    let ignored = await adhost([
      "run", plugin, try source(scratch, base, segment: "CHANGED"), "--allow-http", "--offline", recording,
      "--ignore-param", "adsParams.userSegment",
    ])
    #expect(ignored.code == 0, "\(ignored.errors)")
  }

  @Test func aRedactedValueStaysOutAndAMappedHostReplays() async throws {
    let server = try LoopbackServer()
    let scratch = try Scratch()
    server.fallback { _ in .text("{}", type: "application/json") }
    let (plugin, recording) = try await record(scratch, server)
    server.stop()
    let index = try String(contentsOfFile: recording + "/index.json", encoding: .utf8)
    #expect(!index.contains("S3CR3T") && index.contains("sid=%5BREDACTED%5D"))

    let other = try LoopbackServer()
    defer { other.stop() }
    let moved = try source(scratch, other.baseURL.absoluteString, sid: "another")
    let unmapped = await adhost(["run", plugin, moved, "--allow-http", "--offline", recording])
    #expect(unmapped.code == 1)
    let mapping = "127.0.0.1:\(server.port)=127.0.0.1:\(other.port)"
    let mapped = await adhost([
      "run", plugin, moved, "--allow-http", "--offline", recording, "--map-host", mapping,
    ])
    #expect(mapped.code == 0, "\(mapped.errors)")
    #expect(other.requests.isEmpty)
    let bad = await adhost(["run", plugin, moved, "--offline", recording, "--map-host", "nonsense"])
    #expect(bad.code == 64)
    #expect(bad.errors.contains("--map-host: expected RECORDED=SENT"), "\(bad.errors)")
  }

  /// A scenario's `mapHost` replays a recording against another port, as `--map-host` does;
  /// without it the replay fails, and a bad mapping names the scenario's member.
  @Test func aScenariosMapHostReplaysAgainstAnotherPort() async throws {
    let server = try LoopbackServer()
    let scratch = try Scratch()
    server.fallback { _ in .text("{}", type: "application/json") }
    let (plugin, recording) = try await record(scratch, server)
    server.stop()
    let other = try LoopbackServer()
    defer { other.stop() }
    let moved = try source(scratch, other.baseURL.absoluteString)
    func scenario(_ name: String, _ member: String) throws {
      try scratch.write(
        "\(name).scenario.json",
        #"{"plugin": "\#(plugin)", "source": "\#(moved)", "offline": "\#(recording)", "allowHttp": true"#
          + #", "startDate": "2026-03-04T05:06:07Z", "strict": false\#(member)}"#)
    }
    try scenario("unmapped", "")
    let unmapped = await adhost([
      "test", scratch.folder.appendingPathComponent("unmapped.scenario.json").path,
    ])
    #expect(unmapped.code == 1, "\(unmapped.output)")
    try scenario("mapped", #", "mapHost": "127.0.0.1:\#(server.port)=127.0.0.1:\#(other.port)""#)
    let mapped = await adhost(["test", scratch.folder.appendingPathComponent("mapped.scenario.json").path])
    #expect(mapped.code == 0, "\(mapped.output)")
    #expect(other.requests.isEmpty)
    try scenario("bad", #", "mapHost": ["nonsense"]"#)
    let bad = await adhost(["test", scratch.folder.appendingPathComponent("bad.scenario.json").path])
    #expect(bad.output.contains("mapHost[0]: expected RECORDED=SENT"), "\(bad.output)")
  }

  /// The issue's check: a copy of examples/mediatailor/vod/source.json whose session POST says
  /// `"userSegment": "CHANGED"` no longer replays from the example's recording.
  @Test func theExamplesSessionBodyChangedFailsItsReplay() async throws {
    let scratch = try Scratch()
    let example = repositoryRoot.appendingPathComponent("examples/mediatailor/vod")
    let text = try String(contentsOf: example.appendingPathComponent("source.json"), encoding: .utf8)
    #expect(text.contains(#""userSegment": "sports""#))
    let changed = try scratch.write(
      "source.json",
      text.replacingOccurrences(of: #""userSegment": "sports""#, with: #""userSegment": "CHANGED""#))
    let run = await adhost([
      "run", repositoryRoot.appendingPathComponent("plugins/mediatailor.lua").path, changed, "--offline",
      example.appendingPathComponent("recording").path,
    ])
    // The session cannot start: the plugin's fatal error carries the replay's message, and the
    // run exits 1 as any run whose recording could not answer a request does (70 before).
    #expect(run.code == 1)
    #expect(run.errors.contains("adhost run: fatal player error"), "\(run.errors)")
    #expect(run.errors.contains("matched nothing in the recording"), "\(run.errors)")
    #expect(
      run.errors.contains(
        #"index.m3u8: no recorded response matches this request (offline mode): body adsParams.userSegment: recorded "sports", sent "CHANGED""#
      ), "\(run.errors)")
  }
}
