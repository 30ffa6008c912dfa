import Foundation
import TestFiles
import Testing

/// A `resetSource` that fails is a fatal player error, also when it fails as the run ends.
@Suite struct ResetSourceExitTests {
  @Test func aResetSourceFailingAtTheEndIs70() async throws {
    let scratch = try Scratch()
    let plugin = try scratch.write(
      "plugin.lua",
      """
      player.ads:registerServerSideIntegration("test", function(controller)
        return {
          setSource = function() return true end,
          resetSource = function() error("cannot reset the session") end,
        }
      end)
      """)
    let source = try scratch.source(duration: 10, ssai: #"{"integration": "test"}"#)
    let result = await adhost(["run", plugin, source])
    #expect(result.code == 70, "\(result.errors)")
    #expect(result.errors.contains("adhost run: fatal player error"), "\(result.errors)")
    #expect(result.errors.contains("cannot reset the session"), "\(result.errors)")
  }
}
