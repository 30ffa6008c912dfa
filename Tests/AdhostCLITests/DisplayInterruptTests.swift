import Foundation
import LoopbackHTTP
import TestFiles
import Testing

#if os(Linux)
  /// `adhost display` interrupted while its creative waits on an image that never comes: the lines
  /// so far are kept, a note says what stopped it, and the engine's helper and Xvfb are gone.
  @Suite struct DisplayInterruptTests {
    @Test(arguments: [SIGINT, SIGTERM])
    func anInterruptedDisplayKeepsItsLines(signal: Int32) throws {
      let name = signal == SIGINT ? "SIGINT" : "SIGTERM"
      let server = try LoopbackServer()
      let released = DispatchSemaphore(value: 0)
      defer {
        released.signal()
        server.stop()
      }
      server.route("/fast.png") { _ in .text("fast", type: "image/png") }
      server.route("/never.png") { _ in
        _ = released.wait(timeout: .now() + SignalledChild.hangBound)
        return .text("late", type: "image/png")
      }
      let scratch = try Scratch()
      let plugin = try scratch.write(
        "plugin.lua",
        """
        player.ads:registerServerSideIntegration("slow", function() return { setSource = function() return true end } end)
        webview.registerPlacement("slow", function()
          local view = webview.open({ width = 300, height = 250, loadTimeout = 60 })
          view:loadHTML([[<body><img src="\(server.url("/fast.png").absoluteString)"><img src="\(
            server.url("/never.png").absoluteString)"></body>]], "https://ads.example/creative.html")
          return view
        end)
        """)
      let placement = try scratch.write("placement.json", #"{"integration": "slow"}"#)
      let child = try SignalledChild(["display", plugin, placement, "--timeout", "120"])
      let requested = child.waitForOutput { output in
        output.split(separator: "\n").contains { $0.contains("/fast.png") && $0.contains("status=200") }
      }
      let engine = Self.children(of: child.process.processIdentifier)
      child.send(signal)
      #expect(requested, "\(child.output)\(child.errors)")
      #expect(child.waitForEnd() && child.endedBy(signal), "\(child.output)\(child.errors)")
      for type in ["viewopen", "loadstart", "request"] {
        #expect(child.output.contains(type), "\(child.output)")
      }
      #expect(child.errors.contains("adhost display: interrupted by \(name)"), "\(child.errors)")
      #expect(!engine.isEmpty, "the helper was running")
      for pid in engine { #expect(Self.ended(pid), "process \(pid) outlived adhost display") }
    }

    /// The processes whose parent is `parent`.
    private static func children(of parent: Int32) -> [Int32] {
      let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
      return entries.compactMap(Int32.init).filter { pid in
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
          let close = stat.range(of: ")", options: .backwards)
        else { return false }
        let fields = stat[close.upperBound...].split(separator: " ")
        return fields.count > 1 && Int32(fields[1]) == parent
      }
    }

    /// Whether `pid` ended (gone, or a zombie its new parent has yet to reap), waiting for it up
    /// to the hang bound: it was killed as adhost ended.
    private static func ended(_ pid: Int32) -> Bool {
      let deadline = Date().addingTimeInterval(SignalledChild.hangBound)
      while Date() < deadline {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
          let close = stat.range(of: ")", options: .backwards)
        else { return true }
        if stat[close.upperBound...].split(separator: " ").first == "Z" { return true }
        Thread.sleep(forTimeInterval: 0.01)
      }
      return false
    }
  }
#endif
