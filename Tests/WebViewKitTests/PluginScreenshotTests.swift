import AdhostCLI
import Foundation
import Testing

/// A plugin's `view:screenshot(name)` writes only a plain `NAME.png` into the folder the user gave
/// with `--screenshots DIR`, checked after resolving symbolic links; without it every plugin
/// screenshot is refused (redteam 02: a sandboxed plugin overwrote any file the user can write).
@Suite(.serialized) struct PluginScreenshotTests {
  static let victimText = "IMPORTANT USER DATA\n"

  /// A plugin whose placement opens a view and takes a screenshot per name, logging each outcome.
  func plugin(in scratch: ScratchFolder, names: [String]) throws -> String {
    let list = names.map { "\"\($0)\"" }.joined(separator: ", ")
    return try scratch.write(
      "shots.lua",
      """
      player.ads:registerServerSideIntegration("shots", function()
        return { setSource = function() return true end }
      end)
      webview.registerPlacement("shots", function()
        local view = assert(webview.open({ width = 16, height = 16 }))
        view:loadHTML("<body style='background:red'></body>", "https://ads.example/")
        for _, name in ipairs({ \(list) }) do
          local ok, why = view:screenshot(name)
          log.info("shot " .. name .. " -> " .. tostring(ok) .. " " .. tostring(why))
        end
        return view
      end)
      """)
  }

  /// The messages the plugin logged (`log.info`: on standard error), a line each.
  func logged(_ outcome: DisplayOutcome) -> String { outcome.errors }

  /// Whether `path` holds a PNG.
  func isPNG(_ path: String) -> Bool {
    FileManager.default.contents(atPath: path)?.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47])
  }

  @Test func withoutTheScreenshotsOptionAPluginsScreenshotIsRefused() async throws {
    let scratch = try ScratchFolder()
    let placement = try scratch.write("placement.json", #"{"integration": "shots"}"#)
    let outcome = await display([try plugin(in: scratch, names: ["shot.png"]), placement])
    #expect(outcome.code == 0, "\(outcome.errors)")
    #expect(
      logged(outcome).contains(
        "shot shot.png -> nil view:screenshot: refused: a plugin's screenshots need --screenshots DIR"),
      "\(outcome.lines)")
    #expect(!FileManager.default.fileExists(atPath: scratch.path("shot.png")))
  }

  @Test func insideTheFolderOnlyAPlainNameIsWrittenAndALinkLeadingOutIsRefused() async throws {
    let scratch = try ScratchFolder()
    let shots = scratch.url.appendingPathComponent("shots")
    try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
    let victim = try scratch.write("victim.png", Self.victimText)
    try FileManager.default.createSymbolicLink(
      atPath: shots.appendingPathComponent("planted.png").path, withDestinationPath: victim)
    try FileManager.default.createSymbolicLink(
      atPath: shots.appendingPathComponent("dangling.png").path,
      withDestinationPath: scratch.path("created-outside.png"))
    let placement = try scratch.write("placement.json", #"{"integration": "shots"}"#)
    let names = [
      "ok.png", "../victim.png", victim, "sub/x.png", "planted.png", "dangling.png", ".png", "x.txt",
    ]
    let outcome = await display([
      try plugin(in: scratch, names: names), placement, "--screenshots", shots.path,
    ])
    #expect(outcome.code == 0, "\(outcome.errors)")
    let messages = logged(outcome)
    #expect(messages.contains("shot ok.png -> true nil"), "\(outcome.lines)")
    #expect(isPNG(shots.appendingPathComponent("ok.png").path))
    for name in names.dropFirst() {
      #expect(messages.contains("shot \(name) -> nil "), "\(name): \(messages)")
    }
    #expect(messages.contains("expected a plain NAME.png"), "\(messages)")
    #expect(messages.contains("is a symbolic link leading outside"), "\(messages)")
    #expect(try String(contentsOfFile: victim, encoding: .utf8) == Self.victimText)
    #expect(!FileManager.default.fileExists(atPath: scratch.path("created-outside.png")))
    #expect(outcome.events("screenshot").count == 1)
  }

  @Test func aPluginOfARunCannotOverwriteAFileItNames() async throws {
    // The reproducer's plugin: the path comes from the source (any data the run reads).
    let scratch = try ScratchFolder()
    let victim = try scratch.write("victim.txt", Self.victimText)
    let plugin = try scratch.write(
      "plugin.lua",
      """
      player.ads:registerServerSideIntegration("x", function(controller)
        return { setSource = function(source)
          local view = assert(webview.open({ width = 16, height = 16 }))
          view:loadHTML("<html><body style='background:red'></body></html>", "https://ads.example/")
          log.info("screenshot -> " .. tostring(view:screenshot(source.sources[1].ssai.target)))
          view:close()
          return true
        end }
      end)
      """)
    let source = try scratch.write(
      "src.json",
      #"{"sources":[{"src":"https://cdn.example/x.mp4","ssai":{"integration":"x","target":"\#(victim)"}}],"duration":2}"#
    )
    for extra in [[], ["--screenshots", scratch.url.path]] {
      let console = Console(capturing: ())
      let code = await Adhost.main(["run", plugin, source] + extra, console: console)
      #expect(code == 0, "\(console.errorOutput)")
      #expect(console.errorOutput.contains("screenshot -> nil"), "\(console.errorOutput)")
      #expect(try String(contentsOfFile: victim, encoding: .utf8) == Self.victimText)
    }
  }

  @Test func theScreenshotsOptionMustNameAFolder() async throws {
    let scratch = try ScratchFolder()
    let placement = try scratch.write("placement.json", #"{"integration": "shots"}"#)
    let outcome = await display([
      try plugin(in: scratch, names: []), placement, "--screenshots", scratch.path("missing"),
    ])
    #expect(outcome.code == 64)
    #expect(outcome.errors.contains("--screenshots \(scratch.path("missing")): no such folder"))
  }
}
