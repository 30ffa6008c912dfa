import PlayerSeam
import Testing

/// The handler's defaults and its lifecycle (setSource, resetSource, destroy), and the order of
/// the player's events, on every implementation. Sources name their content (`Subject.src`):
/// the GStreamer player plays real media under each name.
@Suite struct LifecycleConformanceTests {
  static func source(_ integration: String?, _ src: String) -> SourceDescription {
    SourceDescription(sources: [
      TypedSource(src: src, ssai: integration.map { SSAIConfiguration(integration: $0) })
    ])
  }

  @Test(arguments: Implementation.all)
  func resetSourceComesBeforeEachNewSourceAndDestroyOnceAtTheEnd(_ implementation: Implementation) throws {
    let subject = try implementation.make(60)
    var calls: [String] = []
    let handler = ServerSideAdIntegrationHandler(
      setSource: { source, completion in
        calls.append("setSource \(source.sources.first?.src ?? "")")
        completion(.success(.handled))
      },
      resetSource: { completion in
        calls.append("resetSource")
        completion(.success(()))
      },
      destroy: { calls.append("destroy") })
    _ = try subject.register("a", handler)
    subject.player.setSource(Self.source("a", subject.src("one")))
    subject.advance(1)
    #expect(subject.player.activeIntegration == "a" && subject.player.isLoaded)
    subject.player.setSource(Self.source(nil, subject.src("two")))
    subject.advance(2)
    #expect(subject.player.activeIntegration == nil)
    subject.player.destroy()
    subject.player.destroy()
    subject.advance(3)
    #expect(calls == ["setSource \(subject.src("one"))", "resetSource", "resetSource", "destroy"])
    #expect(subject.player.isDestroyed)
  }

  @Test(arguments: Implementation.all)
  func withoutASetSourceTheSourceLoadsAsIsWithTheIntegrationActive(_ implementation: Implementation) throws {
    let subject = try implementation.make(60)
    _ = try subject.register("a")
    subject.player.setSource(Self.source("a", subject.src("as-is")))
    subject.advance(1)
    #expect(subject.player.isLoaded && subject.player.source?.sources.first?.src == subject.src("as-is"))
    #expect(subject.player.activeIntegration == "a")
    #expect(subject.takeEvents() == ["sourcechange"])
  }

  @Test(arguments: Implementation.all)
  func withoutAResetSourceTheAdsOfTheLastSourceGo(_ implementation: Implementation) throws {
    let subject = try implementation.make(60)
    let controller = try subject.register("a")
    subject.player.setSource(Self.source("a", subject.src("a")))
    subject.advance(1)
    _ = try controller.createAd(AdInit(type: .linear, timeOffset: 20, id: "x"))
    _ = subject.takeEvents()
    subject.player.setSource(Self.source("a", subject.src("a")))
    #expect(subject.takeEvents().first == "removeadbreak@20.0")
    #expect(controller.adBreaks.isEmpty)
  }

  @Test(arguments: Implementation.all)
  func aTransformedSourceLoadsOnceTheCompletionComesAndAFailureIsFatal(_ implementation: Implementation)
    throws
  {
    let subject = try implementation.make(60)
    var pending: ((Result<SetSourceOutcome, any Error>) -> Void)?
    _ = try subject.register(
      "a", ServerSideAdIntegrationHandler(setSource: { _, completion in pending = completion }))
    subject.player.setSource(Self.source("a", subject.src("a")))
    #expect(!subject.player.isLoaded && !subject.takeEvents().contains("sourcechange"))
    pending?(.success(.transformed(Self.source("a", subject.src("session")))))
    subject.advance(1)
    #expect(subject.player.source?.sources.first?.src == subject.src("session"))
    #expect(subject.takeEvents().contains("sourcechange"))

    subject.player.setSource(Self.source("a", subject.src("a")))
    pending?(.failure(IntegrationError("no session")))
    subject.advance(2)
    #expect(subject.player.fatalError?.code == 10000 && !subject.player.isLoaded)
  }

  @Test(arguments: Implementation.all)
  func playbackFiresPlayPlayingTimeUpdatesThenPauseAndEndedAtTheEnd(_ implementation: Implementation) throws {
    let subject = try implementation.make(2)
    subject.player.setSource(Self.source(nil, subject.src("content")))
    subject.player.play()
    subject.advance(10)
    let events = subject.takePlaybackEvents()
    #expect(
      events == ["sourcechange", "play", "playing", "pause", "ended"],
      "\(String(describing: subject.player.fatalError))")
    #expect(subject.player.currentTime == 2 && subject.player.ended && subject.player.paused)
    subject.player.seek(to: 1)
    subject.settle()
    #expect(subject.takeEvents() == ["seeking", "timeupdate", "seeked"])
    #expect(subject.player.currentTime == 1)
  }

  /// A source after one that played to its end plays to its own end the same way.
  @Test(arguments: Implementation.all)
  func aSecondSourcePlaysToItsEndAsTheFirstDid(_ implementation: Implementation) throws {
    let subject = try implementation.make(2)
    for (name, limit) in [("one", 10.0), ("two", 20.0)] {
      subject.player.setSource(Self.source(nil, subject.src(name)))
      subject.player.play()
      subject.advance(limit)
      let events = subject.takePlaybackEvents()
      #expect(
        events == ["sourcechange", "play", "playing", "pause", "ended"],
        "\(name): \(String(describing: subject.player.fatalError))")
      #expect(subject.player.fatalError == nil && subject.player.ended, "\(name)")
    }
  }
}
