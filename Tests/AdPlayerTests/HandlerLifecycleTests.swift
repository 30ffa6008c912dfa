import AdPlayer
import AdsCore
import Foundation
import PlayerSeam
import Testing

/// The handler's methods, their defaults and the lifecycle around sources.
@Suite struct HandlerLifecycleTests {
  private struct Boom: Error, CustomStringConvertible {
    var description: String { "boom" }
  }

  @Test func setSourceMayTransformTheSource() throws {
    var seen: SourceDescription?
    let fixture = try Fixture(
      handler: ServerSideAdIntegrationHandler(setSource: { source, completion in
        seen = source
        var transformed = source
        transformed.sources[0].src = "https://session.example.com/play.m3u8"
        completion(.success(.transformed(transformed)))
      }))
    fixture.player.setSource(fixture.source)
    #expect(seen == fixture.source)
    #expect(fixture.player.source?.sources.first?.src == "https://session.example.com/play.m3u8")
    #expect(fixture.player.activeIntegration == "test")
    #expect(fixture.types == ["sourcechange"])
  }

  @Test(arguments: [(SetSourceOutcome.handled, Optional("test")), (.notHandled, nil)])
  func setSourceHandledOrNotLoadsTheSourceAsIs(outcome: SetSourceOutcome, active: String?) throws {
    let fixture = try Fixture(
      handler: ServerSideAdIntegrationHandler(setSource: { _, completion in completion(.success(outcome)) }))
    fixture.player.setSource(fixture.source)
    #expect(fixture.player.source == fixture.source)
    #expect(fixture.player.activeIntegration == active)
    #expect(fixture.player.isLoaded)
  }

  @Test func aMissingSetSourceLoadsTheSourceAsIs() throws {
    let fixture = try Fixture()
    fixture.player.setSource(fixture.source)
    #expect(fixture.player.source == fixture.source)
    #expect(fixture.types == ["sourcechange"])
  }

  @Test(arguments: [
    #"{"integration":"custom","customIntegration":"second"}"#,
    #"{"integration":"second"}"#,
  ])
  func theSourceGoesToTheIntegrationItNames(ssai: String) throws {
    let player = Player()
    var called: [String] = []
    for id in ["first", "second"] {
      try player.ads.registerServerSideIntegration(id) { _ in
        ServerSideAdIntegrationHandler(setSource: { _, completion in
          called.append(id)
          completion(.success(.handled))
        })
      }
    }
    player.setSource(try SourceDescription(jsonText: #"{"sources":[{"src":"u","ssai":\#(ssai)}]}"#))
    #expect(called == ["second"])
    #expect(player.activeIntegration == "second")
  }

  @Test func aFailingSetSourceIsAFatalError() throws {
    let fixture = try Fixture(
      handler: ServerSideAdIntegrationHandler(setSource: { _, completion in completion(.failure(Boom())) }))
    fixture.player.setSource(fixture.source)
    fixture.player.play()
    #expect(!fixture.player.isLoaded)
    #expect(fixture.player.fatalError?.code == 10000)
    #expect(
      fixture.player.log.entries.map(\.jsonLine) == [
        #"{"t":0,"type":"error","message":"setSource of test failed: boom","code":10000}"#
      ])
  }

  @Test func theClockWaitsForACompletionDeliveredFromAnotherThread() throws {
    let player = Player(defaultTimeline: .vod(10))
    try player.ads.registerServerSideIntegration("slow") { _ in
      ServerSideAdIntegrationHandler(setSource: { _, completion in
        let token = player.loop.beginWork("session request")
        let box = CompletionBox(completion)
        Thread.detachNewThread {
          Thread.sleep(forTimeInterval: 0.05)
          token.finish { box.call(.success(.handled)) }
        }
      })
    }
    var timerSawLoaded: Bool?
    player.loop.after(0.001) { timerSawLoaded = player.isLoaded }
    player.setSource(
      SourceDescription(sources: [TypedSource(src: "u", ssai: SSAIConfiguration(integration: "slow"))]))
    #expect(!player.isLoaded)
    let outcome = player.run(until: 1)
    #expect(outcome.kind == .idle)
    #expect(outcome.reason == "stalled: content paused at 0 s with no timers or work outstanding")
    #expect(timerSawLoaded == true)
    #expect(player.log.entries.first?.jsonLine == #"{"t":0,"type":"sourcechange"}"#)
  }

  @Test func aCompletionThatNeverComesStallsTheRun() throws {
    let fixture = try Fixture(handler: ServerSideAdIntegrationHandler(setSource: { _, _ in }))
    fixture.player.setSource(fixture.source)
    let outcome = fixture.player.run(until: 10)
    #expect(outcome.kind == .stalled)
    #expect(outcome.reason == "waiting for setSource of test with no work outstanding to end the wait")
    #expect(outcome.time == 0)
  }

  @Test func aNewSourceAbandonsAnUnansweredSetSource() throws {
    var calls = 0
    var pending: [(Result<SetSourceOutcome, any Error>) -> Void] = []
    let fixture = try Fixture(
      handler: ServerSideAdIntegrationHandler(setSource: { _, completion in
        calls += 1
        if calls == 1 { pending.append(completion) } else { completion(.success(.handled)) }
      }))
    fixture.player.setSource(fixture.source)
    var second = fixture.source
    second.sources[0].src = "https://example.com/b.m3u8"
    fixture.player.setSource(second)
    #expect(!fixture.player.loop.isWaiting)
    pending.first?(.success(.notHandled))
    #expect(fixture.player.source == second)
    #expect(fixture.types == ["sourcechange"])
    fixture.player.play()
    #expect(fixture.player.run(until: 1).kind == .reachedLimit)
  }

  @Test func resetSourceRunsBeforeEachNewSourceAndBeforeDestroyAndDestroyOnce() throws {
    var calls: [String] = []
    let fixture = try Fixture(
      handler: ServerSideAdIntegrationHandler(
        setSource: { _, completion in
          calls.append("setSource")
          completion(.success(.handled))
        },
        resetSource: { completion in
          calls.append("resetSource")
          completion(.success(()))
        },
        destroy: { calls.append("destroy") }))
    fixture.player.setSource(fixture.source)
    fixture.player.setSource(fixture.source)
    fixture.player.destroy()
    fixture.player.destroy()
    #expect(calls == ["setSource", "resetSource", "setSource", "resetSource", "destroy"])
    #expect(fixture.player.isDestroyed)
  }

  @Test func unloadingResetsAndFiresSourceChange() throws {
    var resets = 0
    let fixture = try Fixture(
      handler: ServerSideAdIntegrationHandler(resetSource: { completion in
        resets += 1
        completion(.success(()))
      }))
    fixture.player.setSource(nil)
    #expect(resets == 0)
    fixture.player.setSource(fixture.source)
    fixture.player.play()
    _ = fixture.player.run(until: 1)
    fixture.player.setSource(nil)
    #expect(resets == 1)
    #expect(!fixture.player.isLoaded && fixture.player.paused && fixture.player.source == nil)
    #expect(fixture.types.last == "sourcechange")
    #expect(fixture.player.run(until: 5).reason == "no source loaded")
  }

  @Test func aMissingResetSourceRemovesAllAds() throws {
    let fixture = try Fixture()
    fixture.player.setSource(fixture.source)
    try fixture.ctl().createAd(AdInit(type: .linear, timeOffset: 0, id: "a"))
    fixture.player.setSource(fixture.source)
    #expect(try fixture.ctl().adBreaks.isEmpty)
    #expect(fixture.types == ["sourcechange", "addadbreak", "addad", "removeadbreak", "sourcechange"])
  }

  @Test func aFailingResetSourceIsAFatalError() throws {
    let fixture = try Fixture(
      handler: ServerSideAdIntegrationHandler(resetSource: { completion in completion(.failure(Boom())) }))
    fixture.player.setSource(fixture.source)
    fixture.player.setSource(fixture.source)
    #expect(!fixture.player.isLoaded)
    #expect(fixture.player.fatalError?.message == "resetSource of test failed: boom")
    #expect(fixture.player.fatalError?.code == 10000)
  }

  @Test func aMissingSkipAdMeansControllerSkipAd() throws {
    let (player, integration) = try playingAd(implementsSkip: false)
    #expect(player.ads.skip() == .requested(adId: "a"))
    #expect(player.log.entries.contains { $0.kind == .adskip && $0.adId == "a" })
    #expect(integration.slots.first?.ad.state == .skipped)
  }

  @Test func anImplementedSkipAdIsCalledInstead() throws {
    let player = Player(defaultTimeline: .vod(60))
    var skipped: [String] = []
    var controller: ServerSideAdIntegrationController?
    try player.ads.registerServerSideIntegration("own") { made in
      controller = made
      return ServerSideAdIntegrationHandler(skipAd: { ad in skipped.append(ad.id) })
    }
    let ad = try #require(controller).createAd(AdInit(type: .linear, timeOffset: 0, id: "a", skipOffset: 0))
    try #require(controller).beginAd(ad)
    #expect(player.ads.skip() == .requested(adId: "a"))
    #expect(skipped == ["a"])
    #expect(ad.isPlaying)
    #expect(!player.log.entries.contains { $0.kind == .adskip })
  }

  @Test func aFailingSkipAdIsANonFatalAdError() throws {
    let player = Player(defaultTimeline: .vod(60))
    var controller: ServerSideAdIntegrationController?
    try player.ads.registerServerSideIntegration("own") { made in
      controller = made
      return ServerSideAdIntegrationHandler(skipAd: { _ in throw Boom() })
    }
    player.setSource(SourceDescription(sources: [TypedSource(src: "u")]))
    player.play()
    let ad = try #require(controller).createAd(AdInit(type: .linear, timeOffset: 0, id: "a", skipOffset: 0))
    try #require(controller).beginAd(ad)
    #expect(player.ads.skip() == .failed(adId: "a", message: "boom"))
    let error = try #require(player.log.entries.last)
    #expect(
      error.jsonLine
        == #"{"t":0,"type":"aderror","ad":{"id":"a"},"adBreak":{"timeOffset":0},"message":"boom"}"#)
    #expect(player.fatalError == nil)
    #expect(!player.paused)
  }

  @Test func skipIsRefusedForUnskippableAdsAndBeforeTheSkipOffset() throws {
    let (player, _) = try playingAd(implementsSkip: false, skipOffset: -1)
    #expect(player.ads.skip() == .notSkippable(adId: "a"))
    let (early, integration) = try playingAd(implementsSkip: false, skipOffset: 5)
    _ = early.run(until: 4.75)
    #expect(early.ads.skip() == .notYetSkippable(adId: "a"))
    _ = early.run(until: 5)
    #expect(early.ads.skip() == .requested(adId: "a"))
    #expect(integration.slots.first?.ad.state == .skipped)
    #expect(Player(defaultTimeline: .live).ads.skip() == .noAdPlaying)
  }

  @Test func registeringAnIdTwiceThrows() throws {
    let fixture = try Fixture()
    #expect(
      throws: AdControllerError(
        "registerServerSideIntegration", "an integration \"test\" is already registered")
    ) {
      try fixture.player.ads.registerServerSideIntegration("test") { _ in ServerSideAdIntegrationHandler() }
    }
  }

  /// A player 0 s into ad `a` (10 s) of a stitched pre-roll.
  private func playingAd(implementsSkip: Bool, skipOffset: Double = 0) throws -> (Player, StitchedIntegration)
  {
    let player = Player(defaultTimeline: .vod(60))
    let integration = StitchedIntegration(
      plan: [.init(offset: 0, ads: [("a", 10)])], skipOffset: skipOffset, implementsSkip: implementsSkip)
    try integration.register(on: player)
    player.setSource(
      SourceDescription(sources: [TypedSource(src: "u", ssai: SSAIConfiguration(integration: "stitched"))]))
    player.play()
    return (player, integration)
  }
}

/// Carries a host-thread completion through another thread; only ever called on the host thread.
final class CompletionBox<Value>: @unchecked Sendable {
  private let completion: (Result<Value, any Error>) -> Void
  init(_ completion: @escaping (Result<Value, any Error>) -> Void) { self.completion = completion }
  func call(_ result: Result<Value, any Error>) { completion(result) }
}
