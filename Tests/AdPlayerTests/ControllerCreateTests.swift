import AdPlayer
import PlayerSeam
import Testing

/// Creating and updating breaks and ads.
@Suite struct ControllerCreateTests {
  @Test func createAdBreakFiresAddAdBreak() throws {
    let fixture = try Fixture()
    let adBreak = try fixture.ctl().createAdBreak(
      AdBreakInit(timeOffset: 30, maxDuration: 60, customData: .string("x")))
    #expect(adBreak.timeOffset == 30)
    #expect(adBreak.maxDuration == 60)
    #expect(adBreak.customData == .string("x"))
    #expect(adBreak.integration == "test")
    #expect(try fixture.ctl().adBreaks.count == 1)
    #expect(fixture.adEvents == ["addadbreak"])
  }

  @Test func createAdBreakAtAnExistingTimeOffsetThrows() throws {
    let fixture = try Fixture()
    try fixture.ctl().createAdBreak(AdBreakInit(timeOffset: 30))
    #expect(throws: AdControllerError("createAdBreak", "a break at timeOffset 30 already exists")) {
      try fixture.ctl().createAdBreak(AdBreakInit(timeOffset: 30))
    }
    #expect(try fixture.ctl().adBreaks.count == 1)
    #expect(fixture.adEvents == ["addadbreak"])
  }

  @Test(arguments: [
    (AdBreakInit(), "createAdBreak: timeOffset is required"),
    (AdBreakInit(timeOffset: -1), "createAdBreak: timeOffset must be a finite number ≥ 0, got -1"),
    (AdBreakInit(timeOffset: .nan), "createAdBreak: timeOffset must be a finite number ≥ 0, got nan"),
    (
      AdBreakInit(timeOffset: 0, maxDuration: -5),
      "createAdBreak: maxDuration must be a finite number ≥ 0, got -5"
    ),
  ])
  func createAdBreakRejectsBadInits(init: AdBreakInit, message: String) throws {
    let fixture = try Fixture()
    let error = #expect(throws: AdControllerError.self) { try fixture.ctl().createAdBreak(`init`) }
    #expect(error?.description == message)
    #expect(fixture.adEvents.isEmpty)
  }

  @Test func createAdInABreakSetsEveryField() throws {
    let fixture = try Fixture()
    let controller = try fixture.ctl()
    let adBreak = try controller.createAdBreak(AdBreakInit(timeOffset: 0))
    let ad = try controller.createAd(
      AdInit(
        type: .nonlinear, id: "a1", duration: 15, skipOffset: 5, resourceURI: "https://r",
        clickThrough: "https://c",
        width: 640, height: 360, creativeId: "cr",
        universalAdIds: [UniversalAdId(adIdRegistry: "ad-id.org", adIdValue: "U1")],
        companions: [CompanionAd(adSlotId: "side", width: 300, height: 250)], adSystem: "sys", isSlate: true,
        customData: .object(JSONObject([("k", .number(1))]))),
      adBreak: adBreak)
    #expect(ad.id == "a1")
    #expect(ad.type == .nonlinear)
    #expect(ad.integration == "test")
    #expect(ad.adBreak === adBreak)
    #expect(ad.duration == 15)
    #expect(ad.skipOffset == 5)
    #expect(ad.resourceURI == "https://r")
    #expect(ad.clickThrough == "https://c")
    #expect(ad.width == 640 && ad.height == 360)
    #expect(ad.creativeId == "cr")
    #expect(ad.universalAdIds == [UniversalAdId(adIdRegistry: "ad-id.org", adIdValue: "U1")])
    #expect(ad.companions.first?.adSlotId == "side")
    #expect(ad.adSystem == "sys")
    #expect(ad.isSlate)
    #expect(ad.customData?["k"] == .number(1))
    #expect(ad.readyState == "ready")
    #expect(adBreak.ads.map(\.id) == ["a1"])
    #expect(fixture.player.ads.scheduledAds.map(\.id) == ["a1"])
    #expect(fixture.adEvents == ["addadbreak", "addad:a1"])
  }

  @Test func createAdWithoutAnIdGetsAGeneratedOneAndDefaults() throws {
    let fixture = try Fixture()
    let ad = try fixture.ctl().createAd(AdInit(type: .linear, timeOffset: 0))
    #expect(ad.id == "test-ad-1")
    #expect(ad.skipOffset == -1)
    #expect(ad.duration == nil)
  }

  @Test func createAdWithoutABreakJoinsTheBreakAtItsTimeOffset() throws {
    let fixture = try Fixture()
    let controller = try fixture.ctl()
    let adBreak = try controller.createAdBreak(AdBreakInit(timeOffset: 60))
    let ad = try controller.createAd(AdInit(type: .linear, timeOffset: 60, id: "a"))
    #expect(ad.adBreak === adBreak)
    #expect(controller.adBreaks.count == 1)
    #expect(fixture.adEvents == ["addadbreak", "addad:a"])
  }

  @Test func createAdWithoutABreakCreatesOneAtItsTimeOffset() throws {
    let fixture = try Fixture()
    let controller = try fixture.ctl()
    let ad = try controller.createAd(AdInit(type: .linear, timeOffset: 90, id: "a"))
    #expect(ad.adBreak?.timeOffset == 90)
    #expect(controller.adBreaks.count == 1)
    #expect(fixture.adEvents == ["addadbreak", "addad:a"])
  }

  @Test(arguments: [
    (AdInit(timeOffset: 0), "createAd: type is required (linear or nonlinear)"),
    (AdInit(type: .linear), "createAd: timeOffset is required when no break is given"),
    (
      AdInit(type: .linear, timeOffset: 0, duration: -1),
      "createAd: duration must be a finite number ≥ 0, got -1"
    ),
    (
      AdInit(type: .linear, timeOffset: 0, skipOffset: -2),
      "createAd: skipOffset must be a finite number ≥ -1, got -2"
    ),
    (
      AdInit(type: .linear, timeOffset: 0, width: .infinity),
      "createAd: width must be a finite number ≥ 0, got inf"
    ),
  ])
  func createAdRejectsBadInits(init: AdInit, message: String) throws {
    let fixture = try Fixture()
    let error = #expect(throws: AdControllerError.self) { try fixture.ctl().createAd(`init`) }
    #expect(error?.description == message)
    #expect(fixture.adEvents.isEmpty)
  }

  @Test func createAdInARemovedBreakThrows() throws {
    let fixture = try Fixture()
    let controller = try fixture.ctl()
    let adBreak = try controller.createAdBreak(AdBreakInit(timeOffset: 0))
    try controller.removeAdBreak(adBreak)
    #expect(throws: AdControllerError("createAd", "the break is not a live break of test")) {
      try controller.createAd(AdInit(type: .linear), adBreak: adBreak)
    }
  }

  @Test func createAdInAnotherIntegrationsBreakThrows() throws {
    let fixture = try Fixture()
    let other = try fixture.player.ads.registerServerSideIntegration("other") { _ in
      ServerSideAdIntegrationHandler()
    }
    let foreign = try other.createAdBreak(AdBreakInit(timeOffset: 0))
    #expect(throws: AdControllerError("createAd", "the break is not a live break of test")) {
      try fixture.ctl().createAd(AdInit(type: .linear), adBreak: foreign)
    }
  }

  @Test func updateAdChangesOnlyTheFieldsGiven() throws {
    let fixture = try Fixture()
    let controller = try fixture.ctl()
    let ad = try controller.createAd(
      AdInit(type: .linear, timeOffset: 0, id: "a", duration: 10, skipOffset: 5))
    try controller.updateAd(ad, AdInit(duration: 12, clickThrough: "https://c"))
    #expect(ad.duration == 12)
    #expect(ad.skipOffset == 5)
    #expect(ad.clickThrough == "https://c")
    #expect(ad.type == .linear)
    #expect(fixture.adEvents == ["addadbreak", "addad:a", "updatead:a"])
  }

  @Test func updateAdRejectsAMoveAndARemovedAd() throws {
    let fixture = try Fixture()
    let controller = try fixture.ctl()
    let ad = try controller.createAd(AdInit(type: .linear, timeOffset: 0, id: "a"))
    #expect(throws: AdControllerError("updateAd", "an ad cannot move to another break (timeOffset 5)")) {
      try controller.updateAd(ad, AdInit(timeOffset: 5))
    }
    try controller.removeAd(ad)
    #expect(throws: AdControllerError("updateAd", "ad \"a\" was removed")) {
      try controller.updateAd(ad, AdInit(duration: 1))
    }
    #expect(!fixture.adEvents.contains("updatead:a"))
  }

  @Test func updateAdBreakChangesOnlyTheFieldsGiven() throws {
    let fixture = try Fixture()
    let controller = try fixture.ctl()
    let adBreak = try controller.createAdBreak(AdBreakInit(timeOffset: 0, maxDuration: 30))
    try controller.updateAdBreak(adBreak, AdBreakInit(customData: .bool(true)))
    #expect(adBreak.maxDuration == 30)
    #expect(adBreak.customData == .bool(true))
    try controller.updateAdBreak(adBreak, AdBreakInit(timeOffset: 10))
    #expect(adBreak.timeOffset == 10)
    #expect(fixture.adEvents == ["addadbreak", "updateadbreak", "updateadbreak"])
  }

  @Test func updateAdBreakOntoAnotherBreaksTimeOffsetThrows() throws {
    let fixture = try Fixture()
    let controller = try fixture.ctl()
    let first = try controller.createAdBreak(AdBreakInit(timeOffset: 0))
    try controller.createAdBreak(AdBreakInit(timeOffset: 10))
    #expect(throws: AdControllerError("updateAdBreak", "a break at timeOffset 10 already exists")) {
      try controller.updateAdBreak(first, AdBreakInit(timeOffset: 10))
    }
    #expect(first.timeOffset == 0)
  }

  @Test func aTimeOffsetIsFreeAgainOnceItsBreakMovedOrWasRemoved() throws {
    let fixture = try Fixture()
    let controller = try fixture.ctl()
    let moved = try controller.createAdBreak(AdBreakInit(timeOffset: 10))
    try controller.updateAdBreak(moved, AdBreakInit(timeOffset: 20))
    let again = try controller.createAdBreak(AdBreakInit(timeOffset: 10))
    #expect(throws: AdControllerError("createAdBreak", "a break at timeOffset 20 already exists")) {
      try controller.createAdBreak(AdBreakInit(timeOffset: 20))
    }
    // An ad without a break joins the break now at its offset.
    let ad = try controller.createAd(AdInit(type: .linear, timeOffset: 20, id: "a"))
    #expect(ad.adBreak === moved)

    try controller.removeAdBreak(moved)
    let replacement = try controller.createAdBreak(AdBreakInit(timeOffset: 20))
    #expect(controller.adBreaks.map(\.timeOffset) == [10, 20])
    #expect(controller.adBreaks.first === again && controller.adBreaks.last === replacement)
  }
}
