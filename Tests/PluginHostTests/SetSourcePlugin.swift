import TestFiles

extension Scratch {
  /// Writes `plugin.lua`: an integration "test" whose `setSource` runs `body` and handles the
  /// source; answers its path.
  func setSourcePlugin(_ body: String) throws -> String {
    try write(
      "plugin.lua",
      """
      player.ads:registerServerSideIntegration("test", function(controller)
        return { setSource = function()
          \(body)
          return true
        end }
      end)
      """)
  }
}
