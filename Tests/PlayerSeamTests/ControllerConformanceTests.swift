import PlayerSeam
import Testing

/// THEOplayer's controller rules (docs/player.md, "Controller rules"), on every implementation.
@Suite struct ControllerConformanceTests {
  @Test(arguments: Implementation.all)
  func breaksNeedAFreeOffsetAndAdsATypeAndALiveBreak(_ implementation: Implementation) throws {
    let subject = try implementation.make(60)
    let controller = try subject.register("a")
    let adBreak = try controller.createAdBreak(AdBreakInit(timeOffset: 10))
    #expect(throws: AdControllerError.self) { try controller.createAdBreak(AdBreakInit(timeOffset: 10)) }
    #expect(throws: AdControllerError.self) { try controller.createAdBreak(AdBreakInit()) }
    #expect(throws: AdControllerError.self) { try controller.createAdBreak(AdBreakInit(timeOffset: -1)) }
    #expect(throws: AdControllerError.self) { try controller.createAd(AdInit(duration: 5), adBreak: adBreak) }
    #expect(throws: AdControllerError.self) { try controller.createAd(AdInit(type: .linear)) }
    #expect(throws: AdControllerError.self) {
      try controller.createAd(AdInit(type: .linear, duration: .nan), adBreak: adBreak)
    }
    let first = try controller.createAd(AdInit(type: .linear, id: "first", duration: 10), adBreak: adBreak)
    let joined = try controller.createAd(AdInit(type: .linear, timeOffset: 10, id: "joined"))
    let later = try controller.createAd(AdInit(type: .linear, timeOffset: 30, id: "later"))
    #expect(joined.adBreak === adBreak && first.adBreak === adBreak)
    #expect(controller.adBreaks.map(\.timeOffset) == [10, 30])
    #expect(controller.ads.map(\.id) == ["first", "joined", "later"])
    #expect(first.skipOffset == -1 && first.state == .scheduled && first.integration == "a")
    #expect(
      subject.takeEvents() == [
        "addadbreak@10.0", "addad:first", "addad:joined", "addadbreak@30.0", "addad:later",
      ])

    let other = try subject.register("b")
    #expect(throws: AdControllerError.self) { try other.beginAd(first) }
    #expect(throws: AdControllerError.self) { try other.createAd(AdInit(type: .linear), adBreak: adBreak) }
    try controller.removeAdBreak(try #require(later.adBreak))
    #expect(throws: AdControllerError.self) { try controller.beginAd(later) }
    #expect(throws: AdControllerError.self) { try controller.updateAd(first, AdInit(timeOffset: 30)) }
    #expect(subject.takeEvents() == ["removeadbreak@30.0"])
  }

  @Test(arguments: Implementation.all)
  func anAdBeginsOnceReportsProgressInRangeAndEndsOnce(_ implementation: Implementation) throws {
    let subject = try implementation.make(60)
    let controller = try subject.register("a")
    let adBreak = try controller.createAdBreak(AdBreakInit(timeOffset: 0))
    let first = try controller.createAd(AdInit(type: .linear, id: "one", duration: 10), adBreak: adBreak)
    let second = try controller.createAd(AdInit(type: .linear, id: "two", duration: 10), adBreak: adBreak)
    _ = subject.takeEvents()
    #expect(throws: AdControllerError.self) { try controller.updateAdProgress(first, 0.5) }
    try controller.endAd(first)
    #expect(subject.takeEvents().isEmpty)

    try controller.beginAd(first)
    #expect(throws: AdControllerError.self) { try controller.beginAd(first) }
    #expect(throws: AdControllerError.self) { try controller.updateAdProgress(first, 1.5) }
    try controller.updateAdProgress(first, 0.3)
    try controller.updateAdProgress(first, 0.8)
    try controller.updateAdProgress(first, 0.9)
    #expect(controller.currentAds.map(\.id) == ["one"] && subject.player.ads.playing)
    try controller.endAd(first)
    try controller.endAd(first)
    try controller.beginAd(second)
    try controller.updateAdProgress(second, 0.4)
    try controller.skipAd(second)
    #expect(
      subject.takeEvents() == [
        "adbreakbegin@0.0", "adbegin:one", "adfirstquartile:one", "admidpoint:one", "adthirdquartile:one",
        "adend:one", "adbegin:two", "adfirstquartile:two", "adskip:two", "adbreakend@0.0",
      ])
    #expect(first.state == .ended && second.state == .skipped && controller.currentAds.isEmpty)
  }

  @Test(arguments: Implementation.all)
  func removingEndsWhatPlaysAndTellsTheObservers(_ implementation: Implementation) throws {
    let subject = try implementation.make(60)
    let controller = try subject.register("a")
    var removed: [String] = []
    subject.player.ads.observeRemovals { removed.append($0.id) }
    let adBreak = try controller.createAdBreak(AdBreakInit(timeOffset: 5, maxDuration: 20))
    let playing = try controller.createAd(AdInit(type: .linear, id: "p", duration: 10), adBreak: adBreak)
    let waiting = try controller.createAd(AdInit(type: .linear, id: "w", duration: 10), adBreak: adBreak)
    try controller.beginAd(playing)
    try controller.updateAdProgress(playing, 0.5)
    #expect(adBreak.maxRemainingDuration == 15)
    _ = subject.takeEvents()
    try controller.removeAd(playing)
    #expect(subject.takeEvents() == ["adend:p"])
    #expect(throws: AdControllerError.self) { try controller.endAd(playing) }
    controller.removeAllAds()
    #expect(subject.takeEvents() == ["adbreakend@5.0", "removeadbreak@5.0"])
    #expect(removed == ["p", "w"] && waiting.state == .removed && controller.adBreaks.isEmpty)
    #expect(throws: AdControllerError.self) {
      try controller.createAd(AdInit(type: .linear), adBreak: adBreak)
    }
  }

  @Test(arguments: Implementation.all)
  func errorsAreAdErrorsAndAFatalOneStopsPlayback(_ implementation: Implementation) throws {
    let subject = try implementation.make(60)
    let controller = try subject.register("a")
    controller.error(IntegrationError("no fill"))
    #expect(subject.takeEvents() == ["aderror"] && subject.player.fatalError == nil)
    controller.fatalError(IntegrationError("session lost"))
    #expect(subject.player.fatalError?.code == 10000 && subject.player.fatalError?.message == "session lost")
    #expect(subject.takeEvents() == ["error"])
  }

  /// A late join (adhost's `beginAd(ad, at:)`): the progress starts at the offset, the quartiles
  /// already past never fire, the next fires as progress crosses it; an offset outside 0 to the
  /// ad's duration is refused.
  @Test(arguments: Implementation.all)
  func aLateJoinStartsThereAndSkipsTheQuartilesPast(_ implementation: Implementation) throws {
    let subject = try implementation.make(60)
    let controller = try subject.register("a")
    let adBreak = try controller.createAdBreak(AdBreakInit(timeOffset: 0))
    let ad = try controller.createAd(AdInit(type: .linear, id: "one", duration: 8), adBreak: adBreak)
    _ = subject.takeEvents()
    #expect(throws: AdControllerError.self) { try controller.beginAd(ad, at: 9) }
    #expect(throws: AdControllerError.self) { try controller.beginAd(ad, at: -1) }
    #expect(throws: AdControllerError.self) { try controller.beginAd(ad, at: .nan) }
    #expect(subject.takeEvents().isEmpty && ad.state == .scheduled)
    try controller.beginAd(ad, at: 5)
    #expect(ad.progress == 0.625)
    try controller.updateAdProgress(ad, 0.7)
    try controller.updateAdProgress(ad, 0.8)
    try controller.endAd(ad)
    #expect(
      subject.takeEvents() == [
        "adbreakbegin@0.0", "adbegin:one", "adthirdquartile:one", "adend:one", "adbreakend@0.0",
      ])
  }
}
