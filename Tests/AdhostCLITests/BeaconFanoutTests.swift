import Foundation
import PluginHost
import TestFiles
import Testing

/// One `beacon.send` sends at most `PluginHost.maxBeaconURLsPerCall` URLs; a call with more is
/// refused with an error naming the cap, and a call at the cap sends and logs every URL.
@Suite struct BeaconFanoutTests {
  @Test func oneCallSendsAtMostTheCap() async throws {
    let cap = PluginHost.maxBeaconURLsPerCall
    let scratch = try Scratch()
    try FileManager.default.createDirectory(
      at: scratch.folder.appendingPathComponent("rec"), withIntermediateDirectories: true)
    try scratch.write("rec/index.json", #"{"version": 1, "exchanges": []}"#)
    let body = """
      local function urls(n)
        local list = {}
        for i = 1, n do list[i] = "https://t.example/b" .. i end
        return list
      end
      local ok, err = pcall(beacon.send, urls(\(cap + 1)), "impression")
      log.info("refused: " .. tostring(err))
      beacon.send(urls(\(cap)), "impression")
      """
    let run = try await runSetSource(
      body,
      arguments: [
        "--offline", scratch.folder.appendingPathComponent("rec").path, "--allow-unmatched", "--json",
      ])
    #expect(run.code == 0, "\(run.errors)")
    #expect(run.errors.contains("beacon.send: at most \(cap) URLs per call, got \(cap + 1)"))
    #expect(run.events("beacon").count == cap)
    #expect(run.errors.contains("\(cap) requests matched nothing"))
  }
}
