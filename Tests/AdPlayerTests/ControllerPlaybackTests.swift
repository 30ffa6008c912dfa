import AdPlayer
import AdsCore
import PlayerSeam
import Testing

/// Reporting ad playback: begin, progress, end, skip, remove, errors.
@Suite struct ControllerPlaybackTests {
  /// A fixture with one break at 0 holding ads `a` and `b` (10 s each).
  private func twoAds() throws -> (Fixture, ServerSideAdIntegrationController, AdBreak, Ad, Ad) {
    let fixture = try Fixture()
    let controller = try fixture.ctl()
    let adBreak = try controller.createAdBreak(AdBreakInit(timeOffset: 0, maxDuration: 20))
    let first = try controller.createAd(AdInit(type: .linear, id: "a", duration: 10), adBreak: adBreak)
    let second = try controller.createAd(AdInit(type: .linear, id: "b", duration: 10), adBreak: adBreak)
    return (fixture, controller, adBreak, first, second)
  }

  private func played(_ fixture: Fixture) -> [String] { Array(fixture.adEvents.dropFirst(3)) }

  @Test func beginAdFiresBreakBeginOnlyForTheFirstAd() throws {
    let (fixture, controller, adBreak, first, second) = try twoAds()
    try controller.beginAd(first)
    #expect(adBreak.isPlaying)
    #expect(fixture.player.ads.currentAds.map(\.id) == ["a"])
    #expect(fixture.player.ads.currentAdBreak === adBreak)
    #expect(fixture.player.ads.playing)
    try controller.endAd(first)
    try controller.beginAd(second)
    #expect(played(fixture) == ["adbreakbegin", "adbegin:a", "adend:a", "adbegin:b"])
  }

  @Test func beginningAnAdOfAnotherBreakEndsAnIdlePlayingBreak() throws {
    let (fixture, controller, adBreak, first, _) = try twoAds()
    let later = try controller.createAd(AdInit(type: .linear, timeOffset: 600, id: "c"))
    try controller.beginAd(first)
    try controller.endAd(first)
    #expect(adBreak.isPlaying)
    try controller.beginAd(later)
    #expect(!adBreak.isPlaying)
    #expect(
      Array(fixture.adEvents.dropFirst(5))
        == ["adbreakbegin", "adbegin:a", "adend:a", "adbreakend", "adbreakbegin", "adbegin:c"])
  }

  @Test func beginAdOnAPlayingAdThrows() throws {
    let (_, controller, _, first, _) = try twoAds()
    try controller.beginAd(first)
    #expect(throws: AdControllerError("beginAd", "ad \"a\" is already playing")) {
      try controller.beginAd(first)
    }
  }

  @Test func beginAdOnAnotherIntegrationsAdThrows() throws {
    let (fixture, _, _, first, _) = try twoAds()
    let other = try fixture.player.ads.registerServerSideIntegration("other") { _ in
      ServerSideAdIntegrationHandler()
    }
    #expect(throws: AdControllerError("beginAd", "ad \"a\" is not an ad of other")) {
      try other.beginAd(first)
    }
  }

  @Test func updateAdProgressBeforeBeginThrows() throws {
    let (fixture, controller, _, first, _) = try twoAds()
    #expect(throws: AdControllerError("updateAdProgress", "ad \"a\" has not begun")) {
      try controller.updateAdProgress(first, 0.5)
    }
    try controller.beginAd(first)
    try controller.endAd(first)
    #expect(throws: AdControllerError("updateAdProgress", "ad \"a\" has not begun")) {
      try controller.updateAdProgress(first, 0.5)
    }
    #expect(!fixture.adEvents.contains("admidpoint:a"))
  }

  @Test(arguments: [-0.1, 1.01, Double.nan, Double.infinity])
  func updateAdProgressOutsideZeroToOneThrows(progress: Double) throws {
    let (_, controller, _, first, _) = try twoAds()
    try controller.beginAd(first)
    let error = #expect(throws: AdControllerError.self) { try controller.updateAdProgress(first, progress) }
    #expect(error?.message.hasPrefix("progress must be a number from 0 to 1") == true)
    #expect(first.progress == 0)
  }

  @Test func quartilesFireOnceEachAsProgressCrossesThem() throws {
    let (fixture, controller, _, first, _) = try twoAds()
    try controller.beginAd(first)
    for progress in [0.1, 0.24, 0.25, 0.3, 0.49, 0.5, 0.6, 0.75, 0.76, 0.9, 1.0, 0.5] {
      try controller.updateAdProgress(first, progress)
    }
    #expect(
      played(fixture) == [
        "adbreakbegin", "adbegin:a", "adfirstquartile:a", "admidpoint:a", "adthirdquartile:a",
      ])
  }

  @Test func aJumpInProgressFiresEveryCrossedQuartileInOrder() throws {
    let (fixture, controller, _, first, _) = try twoAds()
    try controller.beginAd(first)
    try controller.updateAdProgress(first, 0.8)
    #expect(
      played(fixture) == [
        "adbreakbegin", "adbegin:a", "adfirstquartile:a", "admidpoint:a", "adthirdquartile:a",
      ])
  }

  @Test func endAdFiresOnlyIfPlayingAndEndsTheBreakAfterTheLastAd() throws {
    let (fixture, controller, adBreak, first, second) = try twoAds()
    try controller.endAd(first)
    #expect(fixture.adEvents.count == 3)
    try controller.beginAd(first)
    try controller.endAd(first)
    try controller.endAd(first)
    #expect(adBreak.isPlaying)
    try controller.beginAd(second)
    try controller.endAd(second)
    #expect(!adBreak.isPlaying)
    #expect(first.state == .ended)
    #expect(
      played(fixture) == ["adbreakbegin", "adbegin:a", "adend:a", "adbegin:b", "adend:b", "adbreakend"])
  }

  @Test func skipAdFiresWithPlayedPercentageOnlyIfPlaying() throws {
    let (fixture, controller, _, first, second) = try twoAds()
    try controller.skipAd(first)
    #expect(fixture.adEvents.count == 3)
    try controller.beginAd(first)
    try controller.updateAdProgress(first, 0.4)
    try controller.skipAd(first)
    #expect(first.state == .skipped)
    let skip = try #require(fixture.player.log.entries.first { $0.kind == .adskip })
    #expect(
      skip.jsonLine
        == #"{"t":0,"type":"adskip","ad":{"id":"a"},"adBreak":{"timeOffset":0},"playedPercentage":0.4}"#)
    try controller.beginAd(second)
    try controller.skipAd(second)
    #expect(played(fixture).suffix(2) == ["adskip:b", "adbreakend"])
  }

  @Test func removeAdEndsAPlayingAdFirstWithoutARemoveEvent() throws {
    let (fixture, controller, adBreak, first, second) = try twoAds()
    try controller.beginAd(first)
    try controller.removeAd(first)
    #expect(played(fixture) == ["adbreakbegin", "adbegin:a", "adend:a"])
    #expect(adBreak.ads.map(\.id) == ["b"])
    #expect(controller.ads.map(\.id) == ["b"])
    #expect(fixture.player.ads.currentAds.isEmpty)
    #expect(first.state == .removed)
    try controller.removeAd(second)
    #expect(played(fixture).last == "adbreakend")
    #expect(throws: AdControllerError("removeAd", "ad \"a\" was removed")) { try controller.removeAd(first) }
    #expect(throws: AdControllerError("beginAd", "ad \"a\" was removed")) { try controller.beginAd(first) }
    #expect(throws: AdControllerError("endAd", "ad \"a\" was removed")) { try controller.endAd(first) }
    #expect(throws: AdControllerError("skipAd", "ad \"a\" was removed")) { try controller.skipAd(first) }
  }

  @Test func removeAdBreakRemovesItsAdsEndingThePlayingOne() throws {
    let (fixture, controller, adBreak, first, second) = try twoAds()
    try controller.beginAd(first)
    try controller.removeAdBreak(adBreak)
    #expect(played(fixture) == ["adbreakbegin", "adbegin:a", "adend:a", "adbreakend", "removeadbreak"])
    #expect(controller.adBreaks.isEmpty)
    #expect(controller.ads.isEmpty)
    #expect(second.state == .removed)
    #expect(adBreak.isRemoved)
    #expect(throws: AdControllerError("removeAdBreak", "the break is not a live break of test")) {
      try controller.removeAdBreak(adBreak)
    }
  }

  @Test func aListenerRemovingTheBreakWhileItIsBeingRemovedIsRefused() throws {
    let (fixture, controller, adBreak, first, _) = try twoAds()
    var refusals: [String] = []
    fixture.player.ads.addEventListener(.adend) { _ in
      do { try controller.removeAdBreak(adBreak) } catch { refusals.append("\(error)") }
    }
    try controller.beginAd(first)
    try controller.removeAdBreak(adBreak)
    #expect(refusals == ["removeAdBreak: the break is not a live break of test"])
    #expect(played(fixture) == ["adbreakbegin", "adbegin:a", "adend:a", "adbreakend", "removeadbreak"])
  }

  @Test func removeAllAdsRemovesEveryBreak() throws {
    let (fixture, controller, _, first, _) = try twoAds()
    try controller.createAd(AdInit(type: .linear, timeOffset: 300, id: "c"))
    try controller.beginAd(first)
    controller.removeAllAds()
    #expect(controller.adBreaks.isEmpty)
    #expect(fixture.player.ads.scheduledAds.isEmpty)
    #expect(
      Array(fixture.adEvents.dropFirst(5))
        == ["adbreakbegin", "adbegin:a", "adend:a", "adbreakend", "removeadbreak", "removeadbreak"])
  }

  @Test func removeAllAdsRemovesInCreationOrderAndListenersSeeThemGone() throws {
    let fixture = try Fixture()
    let controller = try fixture.ctl()
    for offset in [30.0, 0, 60] { try controller.createAdBreak(AdBreakInit(timeOffset: offset)) }
    var seen: [(Double, Int)] = []
    fixture.player.ads.addEventListener(.removeadbreak) { event in
      seen.append((event.adBreak?.timeOffset ?? -1, controller.adBreaks.count))
    }
    controller.removeAllAds()
    #expect(seen.map(\.0) == [30, 0, 60])
    #expect(seen.allSatisfy { $0.1 == 0 })
    // The offsets are free again.
    try controller.createAdBreak(AdBreakInit(timeOffset: 30))
    #expect(controller.adBreaks.count == 1)
  }

  @Test func maxRemainingDurationCountsWhatPlayed() throws {
    let (_, controller, adBreak, first, second) = try twoAds()
    #expect(adBreak.maxRemainingDuration == 20)
    try controller.beginAd(first)
    try controller.updateAdProgress(first, 0.5)
    #expect(adBreak.maxRemainingDuration == 15)
    try controller.endAd(first)
    #expect(adBreak.maxRemainingDuration == 10)
    try controller.beginAd(second)
    try controller.updateAdProgress(second, 0.2)
    try controller.skipAd(second)
    #expect(adBreak.maxRemainingDuration == 8)
  }

  @Test func errorFiresAdErrorAndPlaybackGoesOn() throws {
    let fixture = try Fixture()
    fixture.player.setSource(fixture.source)
    fixture.player.play()
    _ = fixture.player.run(until: 1)
    try fixture.ctl().error(IntegrationError("tracking failed"))
    _ = fixture.player.run(until: 2)
    let line = try #require(fixture.player.log.entries.first { $0.kind == .aderror })
    #expect(line.jsonLine == #"{"t":1,"type":"aderror","message":"tracking failed"}"#)
    #expect(!fixture.player.paused)
    #expect(fixture.player.currentTime == 2)
    #expect(fixture.player.fatalError == nil)
  }

  @Test(arguments: [(nil, 10000), (Optional(10500), 10500)])
  func fatalErrorStopsPlaybackWithACode(code: Int?, expected: Int) throws {
    let fixture = try Fixture()
    fixture.player.setSource(fixture.source)
    fixture.player.play()
    _ = fixture.player.run(until: 1)
    try fixture.ctl().fatalError(IntegrationError("session failed"), code: code)
    let outcome = fixture.player.run(until: 5)
    #expect(outcome.kind == .idle)
    #expect(outcome.reason == "playback stopped by error \(expected): session failed")
    #expect(fixture.player.currentTime == 1)
    #expect(fixture.player.paused)
    let last = try #require(fixture.player.log.entries.last)
    #expect(last.jsonLine == #"{"t":1,"type":"error","message":"session failed","code":\#(expected)}"#)
    fixture.player.play()
    #expect(fixture.player.paused)
  }
}
