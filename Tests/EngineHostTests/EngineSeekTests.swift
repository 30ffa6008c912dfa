import AdPlayer
import Foundation
import GStreamerPlayer
import PlayerSeam
import RealMedia
import Testing

/// Seeks and a pause of a viewer, on the real engine and on the headless player: the same plugin
/// makes the same breaks and ads of them (`plugins/dai.lua`'s stitched session on 24 s of real
/// media: a pre-roll, content, a mid-roll at 12–18 s, content).
@Suite(.serialized, RealClip.engineTests) struct EngineSeekTests {
  /// The ad events of a run, as `type:ad`, without quartiles (their times are the clock's).
  static func adEvents(_ played: EngineDAITests.Played) -> [String] {
    played.entries.compactMap { entry in
      switch entry.kind {
      case .adbegin, .adend, .adbreakbegin, .adbreakend, .adskip: return "\(entry.kind):\(entry.adId ?? "-")"
      default: return nil
      }
    }
  }

  @Test func aSeekOverTheMidRollGivesTheHeadlessRunsAds() throws {
    let engine = try EngineDAITests.playOnEngine(try RealDAIServer(seconds: 24), speed: .fast) { player in
      player.loop.after(8) { player.seek(to: 20) }
    }
    let headless = try EngineDAITests.playHeadless(try RealDAIServer(seconds: 24)) { player in
      player.loop.after(8) { player.seek(to: 20) }
    }
    #expect(engine.ending.hasPrefix("ended"), "\(engine.ending)")
    #expect(Self.adEvents(engine) == Self.adEvents(headless))
    let seeks = { (played: EngineDAITests.Played) in
      played.entries.filter { $0.kind == .seeking || $0.kind == .seeked }.map {
        "\($0.kind)@\(Int(($0.fields["currentTime"]?.numberValue ?? -1).rounded()))"
      }
    }
    #expect(seeks(engine) == seeks(headless))
    #expect(engine.of(.error).isEmpty, "\(engine.of(.error))")
    // The snapback seeks again at once: the ads come at the headless run's times (a report from
    // before that second seek once moved the clock 22 s on; that race shows in examples/dai's
    // seek-over-mid-roll, `DAIExampleOnEngineTests`, and rarely here).
    let times = { (played: EngineDAITests.Played) in
      played.entries.filter { $0.kind == .adbegin || $0.kind == .adend }.map(\.time)
    }
    for (onEngine, onHeadless) in zip(times(engine), times(headless)) {
      #expect(abs(onEngine - onHeadless) <= 0.5, "\(times(engine)) against \(times(headless))")
    }
  }

  @Test func aSeekIntoTheMidRollGivesTheHeadlessRunsAds() throws {
    let engine = try EngineDAITests.playOnEngine(try RealDAIServer(seconds: 24), speed: .fast) { player in
      player.loop.after(8) { player.seek(to: 14) }
    }
    let headless = try EngineDAITests.playHeadless(try RealDAIServer(seconds: 24)) { player in
      player.loop.after(8) { player.seek(to: 14) }
    }
    #expect(engine.ending.hasPrefix("ended"), "\(engine.ending)")
    #expect(Self.adEvents(engine) == Self.adEvents(headless))
    #expect(Self.adEvents(engine).contains("adbegin:mid1"), "\(Self.adEvents(engine))")
  }

  /// Real time (a paused engine's media clock stands still): 7 s.
  @Test func aPauseDuringAnAdHoldsItsPingsUntilPlayResumes() throws {
    let played = try EngineDAITests.playOnEngine(RealDAIServer(), speed: .realTime, until: 7) { player in
      player.loop.after(1) { player.pause() }
      player.loop.after(2) { player.play() }
    }
    let pause = try #require(played.of(.pause).first)
    let resume = try #require(played.of(.playing).last)
    #expect(resume.micros - pause.micros >= 900_000, "paused for \(resume.micros - pause.micros) µs")
    #expect(played.begins == ["pre1"])
    // The ping at 3 s of content went after the pause, at its content time.
    let mid = try #require(played.pings.first { $0.id == "google_pre1_mid" })
    #expect(abs(mid.contentTime - 3) <= 0.5, "\(mid)")
    let sent = try #require(
      played.of(.beacon).first { $0.fields["url"]?.stringValue?.hasSuffix("google_pre1_mid") == true })
    #expect(sent.micros > resume.micros)
    // No ad ended or began while paused.
    #expect(
      !played.entries.contains {
        ($0.kind == .adend || $0.kind == .adbegin) && $0.micros > pause.micros && $0.micros < resume.micros
      })
  }
}
