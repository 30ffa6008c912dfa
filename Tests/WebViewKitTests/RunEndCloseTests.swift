import AdPlayer
import AdhostCLI
import Foundation
import HTTPKit
import HeadlessHost
import LoopbackHTTP
import PlayerSeam
import PluginHost
import Testing
import WebViewKit

/// A view a plugin opens during `adhost run` closes at the end of the run as `adhost display`
/// closes its views: what the page set off is answered and logged (and recorded), a `close` line
/// ends it, and the engine's processes are gone when the run returns.
@Suite(.serialized) struct RunEndCloseTests {
  /// The server: `/slow/pixel.svg` answers after 0.6 s; `/started` answers once the slow request
  /// arrived, and notes the engine's processes running then.
  private final class Server: @unchecked Sendable {
    let loopback: LoopbackServer
    private let slowArrived = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var seen: [Int32] = []
    var engineProcesses: [Int32] { lock.withLock { seen } }

    init() throws {
      loopback = try LoopbackServer()
      loopback.route("/slow/pixel.svg") { [slowArrived] _ in
        slowArrived.signal()
        Thread.sleep(forTimeInterval: 0.6)
        return .text(
          #"<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>"#, type: "image/svg+xml")
      }
      loopback.route("/started") { [self] _ in
        guard slowArrived.wait(timeout: .now() + 5) == .success else {
          return .text("the page never asked for /slow/pixel.svg", status: 504)
        }
        lock.withLock { seen = EngineProcesses.identifiers }
        return .text("started")
      }
    }
  }

  /// A plugin whose `setSource` opens a view, loads a page that asks for a slow image once it has
  /// loaded, and returns once the image's request reached the server: the run of 1 s of content
  /// then ends with that request under way.
  private func files(_ server: Server, _ scratch: ScratchFolder) throws -> (plugin: String, source: String) {
    let base = server.loopback.url("").absoluteString
    let plugin = try scratch.write(
      "plugin.lua",
      """
      local base = "\(base)"
      player.ads:registerServerSideIntegration("display-run", function()
        return {
          setSource = function()
            local view = assert(webview.open({ width = 200, height = 100 }))
            assert(view:loadHTML(
              [[<body onload="setTimeout(function () { new Image().src = '/slow/pixel.svg' }, 50)"></body>]],
              base .. "/creative"))
            http.get(base .. "/started")
            return true
          end,
        }
      end)
      """)
    let source = try scratch.write(
      "source.json",
      #"{"sources": [{"src": "https://cdn.example/content.m3u8", "ssai": {"integration": "display-run"}}], "duration": 1}"#
    )
    return (plugin, source)
  }

  /// Each process is gone (ended and reaped).
  private func expectEnded(_ processes: [Int32]) {
    #expect(processes.count >= 2, "a helper and its Xvfb were running: \(processes)")
    for pid in processes {
      #expect(kill(pid, 0) == -1 && errno == ESRCH, "process \(pid) outlived the run")
    }
  }

  @Test func aViewOpenedDuringARunClosesSettledAtItsEndInTheTimelineAndTheRecording() async throws {
    let server = try Server()
    defer { server.loopback.stop() }
    let scratch = try ScratchFolder()
    let (plugin, source) = try files(server, scratch)
    let pixel = server.loopback.url("/slow/pixel.svg").absoluteString
    let recording = scratch.path("recording")

    let json = await runCapturing(["run", plugin, source, "--allow-http", "--json", "--record", recording])
    #expect(json.code == 0, "\(json.errors)")
    let lines = json.output.split(separator: "\n").compactMap {
      (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
    }
    let types = lines.compactMap { $0["type"] as? String }
    let request = try #require(
      lines.firstIndex { $0["type"] as? String == "request" && $0["url"] as? String == pixel }, "\(types)")
    #expect(lines[request]["status"] as? Double == 200)
    let close = try #require(lines.lastIndex { $0["type"] as? String == "close" }, "\(types)")
    #expect(lines[close]["reason"] as? String == "end of run")
    #expect(request < close, "\(types)")
    let index = try String(contentsOfFile: recording + "/index.json", encoding: .utf8)
    #expect(index.contains("/slow/pixel.svg"), "the slow image is not in the recording")
    expectEnded(server.engineProcesses)

    let readable = await runCapturing(["run", plugin, source, "--allow-http"])
    #expect(readable.code == 0, "\(readable.errors)")
    let text = readable.output.split(separator: "\n").map(String.init)
    let requestLine = try #require(
      text.firstIndex { $0.contains("request") && $0.contains("url=\(pixel)") && $0.contains("status=200") },
      "\(readable.output)")
    let closeLine = try #require(
      text.lastIndex { $0.hasSuffix("close  reason=end of run") }, "\(readable.output)")
    #expect(requestLine < closeLine)
    expectEnded(server.engineProcesses)
  }

  @Test func releasingALibraryHostClosesItsViewsAndEndsTheirProcesses() throws {
    let scratch = try ScratchFolder()
    let plugin = try scratch.write(
      "plugin.lua",
      """
      opened = assert(webview.open({ width = 100, height = 100 }))
      player.ads:registerServerSideIntegration("held", function() return {} end)
      """)
    let log = EventLog()
    var processes: [Int32] = []
    do {
      let host = try HeadlessHost(
        options: PluginHostOptions(
          http: HTTPClient(policy: TransportPolicy(allowsArbitraryLoads: true), timeout: 5)), log: log)
      try host.loadPlugin(at: plugin)
      processes = EngineProcesses.identifiers
    }
    #expect(log.entries.last?.kind == .close, "\(log.entries.map(\.kind))")
    expectEnded(processes)
  }

  /// Runs `adhost <arguments>` in-process and captures what it prints.
  private func runCapturing(_ arguments: [String]) async -> (code: Int32, output: String, errors: String) {
    let console = Console(capturing: ())
    let code = await Adhost.main(arguments, console: console)
    return (code, console.output, console.errorOutput)
  }
}
