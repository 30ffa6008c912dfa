import Foundation
import TestFiles
import Testing

/// Each documented exit code of `adhost run`, with the message a user needs.
@Suite struct ExitCodeTests {
  static let handled = """
    player.ads:registerServerSideIntegration("test", function(controller)
      return { setSource = function(source) return true end }
    end)
    """

  @Test func playingToTheEndIsZero() async throws {
    let scratch = try Scratch()
    let plugin = try scratch.write("plugin.lua", Self.handled)
    let run = await adhost([
      "run", plugin, try scratch.source(duration: 5, ssai: #"{"integration": "test"}"#), "--json",
    ])
    #expect(run.code == 0)
    #expect(run.events("ended").first?["t"] as? Double == 5)
  }

  @Test func aSourceThatIsNotJSONIs64AndNamesTheFile() async throws {
    let scratch = try Scratch()
    let plugin = try scratch.write("plugin.lua", Self.handled)
    let source = try scratch.write("bad.json", #"{"sources": [{"src": 12}]}"#)
    let run = await adhost(["run", plugin, source])
    #expect(run.code == 64)
    #expect(run.errors.contains("bad.json: sources[0].src: expected a string"), "\(run.errors)")
  }

  @Test func aSourceNamingAnUnregisteredIntegrationIs64() async throws {
    let scratch = try Scratch()
    let plugin = try scratch.write("plugin.lua", Self.handled)
    let run = await adhost(["run", plugin, try scratch.source(ssai: #"{"integration": "other"}"#)])
    #expect(run.code == 64)
    #expect(run.errors.contains(#"names integration "other""#), "\(run.errors)")
  }

  @Test func badUsageIs64() async throws {
    #expect(await adhost(["run", "only-one-argument.lua"]).code == 64)
    #expect(await adhost(["run", "a.lua", "b.json", "--until", "soon"]).code == 64)
    #expect(await adhost(["run", "a.lua", "b.json", "--nope"]).code == 64)
  }

  @Test(arguments: [
    ("player.ads:registerServerSideIntegration('x', function() return {} end", "plugin.lua:1:"),
    ("local x = 1", "registers no integration"),
    ("error('refusing to load')", "plugin.lua:1: refusing to load"),
    (
      "player.ads:registerServerSideIntegration('x', function() return 42 end)", "must return a handler table"
    ),
  ])
  func aPluginThatFailsToLoadOrRegisterIs65(code: String, message: String) async throws {
    let scratch = try Scratch()
    let plugin = try scratch.write("plugin.lua", code)
    let run = await adhost(["run", plugin, try scratch.source()])
    #expect(run.code == 65)
    #expect(run.errors.contains(message), "\(run.errors)")
  }

  @Test func aMissingPluginFileIs65() async throws {
    let scratch = try Scratch()
    let run = await adhost([
      "run", scratch.folder.appendingPathComponent("missing.lua").path, try scratch.source(),
    ])
    #expect(run.code == 65)
    #expect(run.errors.contains("missing.lua"))
  }

  @Test func aFatalErrorFromThePluginIs70() async throws {
    let scratch = try Scratch()
    let plugin = try scratch.write(
      "plugin.lua",
      """
      player.ads:registerServerSideIntegration("test", function(controller)
        return { setSource = function(source)
          timer.after(2, function() controller:fatalError("the stream is gone", 10500) end)
          return true
        end }
      end)
      """)
    let run = await adhost(["run", plugin, try scratch.source(ssai: #"{"integration": "test"}"#), "--json"])
    #expect(run.code == 70)
    let error = try #require(run.events("error").first)
    #expect(error["t"] as? Double == 2)
    #expect(error["code"] as? Int == 10500)
    #expect(run.events("ended").isEmpty)
    #expect(run.errors.contains("the stream is gone"))
  }

  @Test func aRunThatStallsIs1AndSaysWhy() async throws {
    let scratch = try Scratch()
    let plugin = try scratch.write(
      "plugin.lua",
      """
      player.ads:registerServerSideIntegration("test", function(controller)
        player:addEventListener("playing", function() timer.after(1, function() player:pause() end) end)
        return { setSource = function() return true end }
      end)
      """)
    let run = await adhost(["run", plugin, try scratch.source(ssai: #"{"integration": "test"}"#)])
    #expect(run.code == 1)
    #expect(run.errors.contains("before the end"), "\(run.errors)")
  }
}
