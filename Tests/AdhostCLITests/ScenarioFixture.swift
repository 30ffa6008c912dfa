import Foundation
import LoopbackHTTP
import TestFiles

/// A scratch folder with a plugin that plays one ad (`a1`, 10 s, in the break at 1 s) and sends
/// the beacons its source's `ssai.beacons` lists (`[[time, event], …]`) to a loopback server,
/// and raises an `aderror` at each time in `ssai.errors`: broken on purpose by its scenario.
final class ScenarioFixture {
  static let plugin = """
    player.ads:registerServerSideIntegration("t", function(controller)
      return {
        setSource = function(source)
          local ssai = source.sources[1].ssai
          local ad = controller:createAd({ type = "linear", id = "a1", timeOffset = 1, duration = 10 })
          timer.after(1, function() controller:beginAd(ad) end)
          for _, planned in ipairs(ssai.beacons) do
            timer.after(planned[1], function()
              beacon.send(ssai.base .. "/t/" .. planned[2] .. "?ad=a1", planned[2])
            end)
          end
          for _, at in ipairs(ssai.errors or {}) do
            timer.after(at, function() controller:error("broken at " .. at) end)
          end
          timer.after(11, function() controller:endAd(ad) end)
          return true
        end,
      }
    end)
    """

  /// The beacons a correct run sends: impression and start as the ad begins, the quartiles at
  /// their fractions of 10 s, complete as it ends.
  static let correctBeacons: [(Double, String)] = [
    (1, "impression"), (1, "start"), (3.5, "firstQuartile"), (6, "midpoint"), (8.5, "thirdQuartile"),
    (11, "complete"),
  ]

  /// What the scenarios expect of the run.
  static let expectations = """
      "beacons": [
        {"event": "impression", "ad": "a1", "at": 1},
        {"event": "start", "ad": "a1", "at": 1},
        {"event": "firstQuartile", "ad": "a1", "at": 3.5},
        {"event": "midpoint", "ad": "a1", "url": "*/t/midpoint?ad=a1", "at": 6},
        {"event": "thirdQuartile", "ad": "a1", "at": 8.5},
        {"event": "complete", "ad": "a1", "at": 11}
      ],
      "noOtherBeacons": true,
      "events": [
        {"type": "adbegin", "ad": "a1", "at": 1},
        {"type": "adend", "ad": "a1", "at": 11},
        {"type": "ended", "at": 20}
      ]
    """

  let scratch: Scratch
  let server: LoopbackServer
  let pluginPath: String

  init() throws {
    scratch = try Scratch()
    server = try LoopbackServer()
    server.fallback { request in request.path.hasPrefix("/t/") ? LoopbackResponse(status: 204) : .notFound }
    pluginPath = try scratch.write("plugin.lua", Self.plugin)
  }

  deinit { server.stop() }

  var folder: String { scratch.folder.path }

  /// Writes `name.scenario.json`: the plugin on an inline source that sends `beacons` and raises
  /// `errors`, with `members` (JSON members, comma-separated) as its expectations.
  @discardableResult
  func scenario(
    _ name: String, beacons: [(Double, String)] = correctBeacons, errors: [Double] = [],
    members: String = expectations
  ) throws -> String {
    let planned = beacons.map { "[\($0.0), \"\($0.1)\"]" }.joined(separator: ", ")
    let errorTimes = errors.map { "\($0)" }.joined(separator: ", ")
    let base = server.baseURL.absoluteString
    return try scratch.write(
      "\(name).scenario.json",
      """
      {
        "plugin": "plugin.lua",
        "source": {"sources": [{"src": "https://cdn.example/c.m3u8",
          "ssai": {"integration": "t", "base": "\(base)", "beacons": [\(planned)], "errors": [\(errorTimes)]}}],
          "duration": 20},
        "allowHttp": true,
        \(members)
      }
      """)
  }
}
