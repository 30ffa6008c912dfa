import TestFiles
import Testing

/// The host's built-in `csai` integration (client-side ads) is not the plugin's: messages say so.
@Suite struct BuiltInIntegrationTests {
  @Test func aSourceNamingAnIntegrationNoPluginRegistersListsThePluginsAndTheBuiltInOneApart() async throws {
    let scratch = try Scratch()
    let plugin = try scratch.write(
      "uplynk.lua", #"player.ads:registerServerSideIntegration("uplynk", function() return {} end)"#)
    let source = try scratch.source(duration: 10, ssai: #"{"integration": "yospace"}"#)
    let run = await adhost(["run", plugin, source])
    #expect(run.code == 64)
    #expect(
      run.errors.contains(
        #"names integration "yospace", which \#(plugin) does not register (it registers "uplynk"; "csai" is built into the host, for client-side ads)"#
      ), "\(run.errors)")
  }

  @Test func aPluginRegisteringCsaiIsToldItIsBuiltIn() async throws {
    let scratch = try Scratch()
    let plugin = try scratch.write(
      "csai.lua", #"player.ads:registerServerSideIntegration("csai", function() return {} end)"#)
    let run = await adhost([
      "run", plugin, try scratch.source(duration: 10, ssai: #"{"integration": "csai"}"#),
    ])
    #expect(run.code == 65)
    #expect(
      run.errors.contains(
        #"registerServerSideIntegration: "csai" is the host's built-in integration for client-side ads (the source's `ads`): choose another id"#
      ), "\(run.errors)")
    #expect(!run.errors.contains("already registered"))
    #expect(run.errors.contains("csai.lua:1"), "\(run.errors)")
  }
}
