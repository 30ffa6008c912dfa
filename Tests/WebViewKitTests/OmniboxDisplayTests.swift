import Foundation
import Testing

/// The OMNIBOX example placements in WebKit, through `adhost display`, replayed offline.
@Suite(.serialized) struct OmniboxDisplayTests {
  let plugin = repositoryRoot.appendingPathComponent("plugins/omnibox.lua").path

  @Test func bannerRendersAtItsSlotSizeAndClicksFollowTheGuidesPolicyWithNoNetwork() async throws {
    let scratch = try ScratchFolder()
    let shot = scratch.path("banner.png")
    let run = await display([
      plugin, example("banner.json"), "--offline", example("display-recording"), "--screenshot", shot,
      "--actions", example("clicks.json"),
    ])
    #expect(run.code == 0, "\(run.errors)")

    // The slot's size, and the creative drew on at least 5 % of it (the page is transparent).
    let image = try PNGImage(path: shot)
    #expect(image.width == 300 && image.height == 250)
    #expect(image.fractionDiffering(from: [0, 0, 0, 0]) >= 0.05)

    // The guide's display request: plc, w, h, cb; no t.
    let document = try #require(run.events("request").first?["url"] as? String)
    let query = Set(URLComponents(string: document)?.queryItems?.map(\.name) ?? [])
    #expect(query == ["plc", "w", "h", "cb"])

    let navigations = run.events("navigation")
    let advertiser = try #require(
      navigations.first { ($0["url"] as? String)?.contains("northwind-coffee") == true })
    #expect(advertiser["decision"] as? String == "outside")
    #expect(advertiser["userGesture"] as? Bool == true)
    #expect(run.events("openedoutside").map { $0["url"] as? String } == [advertiser["url"] as? String])
    let omnibox = try #require(
      navigations.first { ($0["url"] as? String)?.contains("omnibox.digital/adchoices") == true })
    #expect(omnibox["decision"] as? String == "allow")

    // Offline: the document came from the recording, and so did every request the engine made
    // (through the host's proxy, https inside a tunnel the host ends); nothing reached the network.
    let requests = run.events("request")
    #expect(requests.allSatisfy { $0["status"] as? Double == 200 }, "\(requests)")
    let badge = "https://cdn.omnibox.digital/creatives/northwind/beans.svg"
    #expect(requests.contains { $0["url"] as? String == badge && $0["method"] as? String == "GET" })
    // The badge is drawn: its cream disc (#f5e6c8) covers about 6 % of the slot.
    #expect(1 - image.fractionDiffering(from: [0xf5, 0xe6, 0xc8, 0xff]) >= 0.04)
  }

  @Test func interstitialSurvivesWindowCloseAndClosesOnlyNatively() async throws {
    let scratch = try ScratchFolder()
    let before = scratch.path("before.png")
    let after = scratch.path("after.png")
    let actions = try scratch.write(
      "actions.json",
      #"[{"do": "click", "x": 334, "y": 34}, {"do": "screenshot", "path": "\#(after)"}, {"do": "close"}]"#)
    let run = await display([
      plugin, example("interstitial.json"), "--offline", example("display-recording"), "--screenshot", before,
      "--actions", actions,
    ])
    #expect(run.code == 0, "\(run.errors)")

    // Full screen, drawn, and still drawn after the creative called window.close().
    for path in [before, after] {
      let image = try PNGImage(path: path)
      #expect(image.width == 390 && image.height == 844)
      #expect(image.fractionDiffering(from: [0, 0, 0, 0]) >= 0.05)
    }
    let types = run.lines.compactMap { $0["type"] as? String }
    let requested = try #require(types.firstIndex(of: "closerequested"))
    let closed = try #require(types.firstIndex(of: "close"))
    #expect(requested < closed)
    #expect(types.filter { $0 == "close" }.count == 1)
    // The one close is the native one, after the scripted close action, and after the second screenshot.
    #expect(run.events("close").first?["reason"] as? String == "native")
    #expect(types[closed - 1] == "nativeclose")
    #expect(types.lastIndex(of: "screenshot").map { $0 < closed } == true)
  }

  @Test func aBannerHasNoNativeClose() async throws {
    let scratch = try ScratchFolder()
    let actions = try scratch.write("close.json", #"[{"do": "close"}]"#)
    let run = await display([
      plugin, example("banner.json"), "--offline", example("display-recording"), "--actions", actions,
    ])
    #expect(run.code == 1)
    #expect(run.errors.contains("no native close"))
    #expect(run.events("close").first?["reason"] as? String == "end of run")
  }
}
