import AdPlayer
import AdsCore
import PlayerSeam
import Testing

/// The seed's Swift example: a pre-roll break at 0 with two 10 s linear ads (skip offset 5),
/// created in `setSource` exactly as the example does, begun, progressed and ended by the handler.
@Suite struct SeedExampleTests {
  @Test func prerollWithTwoAdsGivesTheExactEventSequence() throws {
    let player = Player(defaultTimeline: .vod(60))
    var slots: [(ad: Ad, start: Double)] = []
    var controllerRef: ServerSideAdIntegrationController?
    try player.ads.registerServerSideIntegration("integrationID") { controller in
      controllerRef = controller
      return ServerSideAdIntegrationHandler(setSource: { _, completion in
        do {
          let adBreak = try controller.createAdBreak(AdBreakInit(timeOffset: 0))
          let first = try controller.createAd(
            AdInit(
              type: .linear, id: "first_ad_id", duration: 10, skipOffset: 5,
              resourceURI: "https://example.com/first.mp4", clickThrough: "https://example.com/first"),
            adBreak: adBreak)
          let second = try controller.createAd(
            AdInit(
              type: .linear, id: "second_ad_id", duration: 10, skipOffset: 5,
              resourceURI: "https://example.com/second.mp4", clickThrough: "https://example.com/second"),
            adBreak: adBreak)
          slots = [(first, 0), (second, 10)]
          completion(.success(.handled))
        } catch {
          completion(.failure(error))
        }
      })
    }
    let controller = try #require(controllerRef)
    let drive: (PlayerEvent) -> Void = { event in
      let position = event.currentTime ?? 0
      for slot in slots {
        let inside = position >= slot.start && position < slot.start + 10
        if slot.ad.isPlaying, !inside {
          try? controller.updateAdProgress(slot.ad, 1)
          try? controller.endAd(slot.ad)
        }
      }
      for slot in slots where position >= slot.start && position < slot.start + 10 {
        if slot.ad.state == .scheduled { try? controller.beginAd(slot.ad) }
        try? controller.updateAdProgress(slot.ad, (position - slot.start) / 10)
      }
    }
    player.addEventListener(.playing, drive)
    player.addEventListener(.timeupdate, drive)
    player.setSource(
      try SourceDescription(
        jsonText:
          #"{"sources":{"src":"https://example.com/c.m3u8","ssai":{"integration":"custom","customIntegration":"integrationID"}}}"#
      ))
    player.play()
    _ = player.run(until: 25)

    let adLines = player.log.entries.filter { EventType(rawValue: $0.kind.rawValue)?.isAdEvent == true }.map(
      \.jsonLine)
    #expect(
      adLines == [
        #"{"t":0,"type":"addadbreak","adBreak":{"timeOffset":0}}"#,
        #"{"t":0,"type":"addad","ad":{"id":"first_ad_id"},"adBreak":{"timeOffset":0},"duration":10}"#,
        #"{"t":0,"type":"addad","ad":{"id":"second_ad_id"},"adBreak":{"timeOffset":0},"duration":10}"#,
        #"{"t":0,"type":"adbreakbegin","adBreak":{"timeOffset":0}}"#,
        #"{"t":0,"type":"adbegin","ad":{"id":"first_ad_id"},"adBreak":{"timeOffset":0}}"#,
        #"{"t":2.5,"type":"adfirstquartile","ad":{"id":"first_ad_id"},"adBreak":{"timeOffset":0}}"#,
        #"{"t":5,"type":"admidpoint","ad":{"id":"first_ad_id"},"adBreak":{"timeOffset":0}}"#,
        #"{"t":7.5,"type":"adthirdquartile","ad":{"id":"first_ad_id"},"adBreak":{"timeOffset":0}}"#,
        #"{"t":10,"type":"adend","ad":{"id":"first_ad_id"},"adBreak":{"timeOffset":0}}"#,
        #"{"t":10,"type":"adbegin","ad":{"id":"second_ad_id"},"adBreak":{"timeOffset":0}}"#,
        #"{"t":12.5,"type":"adfirstquartile","ad":{"id":"second_ad_id"},"adBreak":{"timeOffset":0}}"#,
        #"{"t":15,"type":"admidpoint","ad":{"id":"second_ad_id"},"adBreak":{"timeOffset":0}}"#,
        #"{"t":17.5,"type":"adthirdquartile","ad":{"id":"second_ad_id"},"adBreak":{"timeOffset":0}}"#,
        #"{"t":20,"type":"adend","ad":{"id":"second_ad_id"},"adBreak":{"timeOffset":0}}"#,
        #"{"t":20,"type":"adbreakend","adBreak":{"timeOffset":0}}"#,
      ])
    let start = player.log.entries.prefix(8).map(\.kind.rawValue)
    #expect(
      start == ["addadbreak", "addad", "addad", "sourcechange", "play", "playing", "adbreakbegin", "adbegin"])
    let first = try #require(slots.first?.ad)
    #expect(first.skipOffset == 5)
    #expect(first.duration == 10)
    #expect(first.clickThrough == "https://example.com/first")
    #expect(first.integration == "integrationID")
    #expect(player.ads.currentAds.isEmpty)
    #expect(player.activeIntegration == "integrationID")
  }
}
