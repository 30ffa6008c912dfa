import Foundation
import LoopbackHTTP
import TestFiles

/// A beacon server on 127.0.0.1 for the strict-rule tests: `/fail` answers 500, anything else 204.
final class BeaconServer {
  let server: LoopbackServer

  init() throws {
    server = try LoopbackServer()
    server.fallback { request in LoopbackResponse(status: request.path == "/fail" ? 500 : 204) }
  }

  deinit { server.stop() }
}

/// Runs `adhost run --strict` with a plugin whose integration "test" creates ad "a1" (4 s, in a
/// break at 0) on 10 s of content, then runs `script` in `setSource`. The script has `ad`,
/// `adBreak`, `controller`, `at(seconds, fn)` (a timer) and `send(event, path?)` (a beacon to
/// the server, attributed to the ad playing).
func strictRun(_ script: String, arguments: [String] = []) async throws -> RunResult {
  let beacons = try BeaconServer()
  let scratch = try Scratch()
  let plugin = try scratch.write(
    "plugin.lua",
    """
    player.ads:registerServerSideIntegration("test", function(controller)
      return {
        setSource = function()
          local base = "\(beacons.server.baseURL.absoluteString)"
          local adBreak = controller:createAdBreak({ timeOffset = 0 })
          local ad = controller:createAd({ type = "linear", id = "a1", duration = 4 }, adBreak)
          local function at(seconds, fn) timer.after(seconds, fn) end
          local function send(event, path) beacon.send(base .. "/" .. (path or event), event) end
          \(script)
          return true
        end,
      }
    end)
    """)
  let source = try scratch.source(duration: 10, ssai: #"{"integration": "test"}"#)
  return await adhost(["run", plugin, source, "--strict"] + arguments)
}

/// The script of an ad played by the rules: impression and start at 0, a quartile each second
/// with its beacon, complete and the end at 4 s.
let wellPlayedAd = """
  at(0, function() controller:beginAd(ad); send("impression"); send("start") end)
  at(1, function() controller:updateAdProgress(ad, 0.25); send("firstQuartile") end)
  at(2, function() controller:updateAdProgress(ad, 0.5); send("midpoint") end)
  at(3, function() controller:updateAdProgress(ad, 0.75); send("thirdQuartile") end)
  at(4, function() controller:updateAdProgress(ad, 1); send("complete"); controller:endAd(ad) end)
  """

extension RunResult {
  /// The readable lines of the violations printed.
  var violations: [String] {
    output.split(separator: "\n").map(String.init).filter { $0.hasPrefix("strict  ") }
  }
}
