import Foundation
import LoopbackHTTP
import TestFiles
import Testing

/// A run's log does not depend on which beacon answers first: each call's beacons are logged
/// with that call, in a fixed order.
@Suite struct BeaconOrderTests {
  /// Plays one tracked ad: begins it at 1 s, reports its last progress and ends it at 2 s, in
  /// the same instant, so that the end's beacons go out while the progress call's work is open.
  static let plugin = """
    player.ads:registerServerSideIntegration("t", function(controller)
      return {
        setSource = function(source)
          local ads = assert(vast.load(source.sources[1].ssai.tag))
          local ad = controller:createAd({ type = "linear", timeOffset = 1, vast = ads[1] })
          timer.after(1, function()
            controller:beginAd(ad)
            controller:updateAdProgress(ad, 0.5)
          end)
          timer.after(2, function()
            controller:updateAdProgress(ad, 1)
            controller:endAd(ad)
          end)
          return true
        end,
      }
    end)
    """

  static func vast(base: String) -> String {
    let twice = { (event: String) in
      "<Tracking event=\"\(event)\"><![CDATA[\(base)/t/\(event)?n=1]]></Tracking>"
        + "<Tracking event=\"\(event)\"><![CDATA[\(base)/t/\(event)?n=2]]></Tracking>"
    }
    return """
      <VAST version="4.1"><Ad id="ad-1"><InLine><AdSystem>s</AdSystem><AdTitle>t</AdTitle>
      <Impression><![CDATA[\(base)/t/impression?n=1]]></Impression>
      <Impression><![CDATA[\(base)/t/impression?n=2]]></Impression>
      <Creatives><Creative><Linear><Duration>00:00:10</Duration><TrackingEvents>
      \(["start", "firstQuartile", "midpoint", "thirdQuartile", "complete"].map(twice).joined())
      </TrackingEvents><MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="640" height="360">
      <![CDATA[https://cdn.example/ad.mp4]]></MediaFile></MediaFiles></Linear></Creative></Creatives>
      </InLine></Ad></VAST>
      """
  }

  /// Which copy of each beacon answers late.
  final class SlowCopy: @unchecked Sendable {
    private let lock = NSLock()
    private var copy = "1"
    var value: String {
      get { lock.withLock { copy } }
      set { lock.withLock { copy = newValue } }
    }
  }

  @Test func theLogIsTheSameWhicheverCopyOfABeaconAnswersFirst() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let slow = SlowCopy()
    let document = Self.vast(base: server.baseURL.absoluteString)
    server.route("/tag.xml") { _ in .text(document, type: "application/xml") }
    server.fallback { request in
      guard request.path.hasPrefix("/t/") else { return .notFound }
      return LoopbackResponse(status: 204, fault: request.query["n"] == slow.value ? .delay(0.15) : .none)
    }
    let scratch = try Scratch()
    let plugin = try scratch.write("plugin.lua", Self.plugin)
    let source = try scratch.source(
      duration: 5, ssai: #"{"integration": "t", "tag": ""# + server.baseURL.absoluteString + #"/tag.xml"}"#)
    let command = ["run", plugin, source, "--json"]

    var logs: [String] = []
    for copy in ["1", "2", "1", "2"] {
      slow.value = copy
      let run = await adhost(command)
      #expect(run.code == 0, "\(run.errors)")
      #expect(run.events("beacon").count == 12, "\(run.output)")
      logs.append(run.output)
    }
    #expect(Set(logs).count == 1, "\(logs)")
  }
}
