import Foundation
import HTTPKit
import LoopbackHTTP
import Testing

@testable import VASTKit

/// A non-linear ad's tracker: `creativeView` of its `NonLinearAds` as it begins, and a click on
/// it sends its `NonLinearClickTracking`.
@Suite struct NonLinearTrackerTests {
  @Test func aNonLinearAdShowsAndIsClicked() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.fallback { _ in LoopbackResponse(status: 204) }
    let base = server.baseURL.absoluteString
    let document = """
      <VAST version="4.1"><Ad id="n"><InLine><AdSystem>s</AdSystem><AdTitle>t</AdTitle>
      <Impression><![CDATA[\(base)/imp]]></Impression>
      <Creatives><Creative><NonLinearAds>
      <NonLinear width="480" height="70" minSuggestedDuration="00:00:05">
      <StaticResource creativeType="image/png"><![CDATA[\(base)/overlay.png]]></StaticResource>
      <NonLinearClickThrough><![CDATA[https://advertiser.example/]]></NonLinearClickThrough>
      <NonLinearClickTracking><![CDATA[\(base)/nl-click]]></NonLinearClickTracking></NonLinear>
      <TrackingEvents><Tracking event="creativeView"><![CDATA[\(base)/nl-view]]></Tracking></TrackingEvents>
      </NonLinearAds></Creative></Creatives></InLine></Ad></VAST>
      """
    let ad = try #require(try VASTParser.parse(Data(document.utf8)).ads.first)
    #expect(ad.creatives.first?.nonLinearAds?.nonLinears.first?.minSuggestedDuration == 5)
    let sender = VASTBeaconSender(client: HTTPClient(timeout: 2), maxAttempts: 1, retryDelay: 0, timeout: 2)
    let tracker = VASTAdTracker(ad: ad, sender: sender)
    tracker.begin()
    #expect(tracker.clickAd() == .clicked(clickThrough: "https://advertiser.example/"))
    #expect(tracker.clickIcon() == .nothing("no icon showing"))
    #expect(tracker.clickCompanion() == .nothing("no companion shown"))
    await tracker.settle()
    #expect(server.requests.map(\.path).sorted() == ["/imp", "/nl-click", "/nl-view"])
  }
}
