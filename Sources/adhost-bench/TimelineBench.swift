import AdPlayer
import AdsCore
import CheckedNumbers
import Foundation
import PlayerSeam

/// `adhost-bench timeline`: live content on the virtual clock with a break of four 15 s ads every
/// 10 minutes, reported by a Swift integration at 4 Hz; 1 hour against 24 hours.
///
/// Each of five rounds times 24 separate 1-hour runs and one 24-hour run back to back, so both
/// see the same machine load; the figures are the medians over the rounds.
@MainActor let timelineSuite = Suite(
  name: "timeline",
  summary: "AdPlayer: 1 h and 24 h of live content with ads every 10 min; events/s, 24h:1h ratio, peak RSS",
  figures: ["events_per_s", "ratio_24h_1h", "peak_rss_mb", "events_1h", "events_24h"]
) { _ in
  let hour = 3600.0
  var ratios: [Double] = []
  var rates: [Double] = []
  var hourEvents = 0
  var dayEvents = 0
  for _ in 0..<5 {
    var hours = 0.0
    for _ in 0..<24 {
      let run = try TimelineBench.simulate(seconds: hour)
      hours += run.seconds
      hourEvents = run.events
    }
    let day = try TimelineBench.simulate(seconds: 24 * hour)
    dayEvents = day.events
    ratios.append(day.seconds / (hours / 24))
    rates.append(Double(day.events) / day.seconds)
  }
  return [
    ("events_per_s", .number(TimelineBench.median(rates))),
    ("ratio_24h_1h", .number(TimelineBench.median(ratios))),
    ("peak_rss_mb", .number(TimelineBench.peakResidentMegabytes())),
    ("events_1h", .integer(hourEvents)),
    ("events_24h", .integer(dayEvents)),
  ]
}

enum TimelineBench {
  /// Plays `seconds` of live content with a counting log; returns the events and the wall time.
  static func simulate(seconds: Double) throws -> (events: Int, seconds: Double) {
    let (player, elapsed) = try playLive(seconds: seconds)
    return (player.log.count, elapsed)
  }

  /// Plays `seconds` of the suite's live content (`LiveBreaksIntegration`) with a counting log,
  /// which `prepare` may change before anything is logged; returns the player and the wall time
  /// of the run, after checking that it reached its end with no controller call failed.
  static func playLive(
    seconds: Double, prepare: (Player) -> Void = { _ in }
  ) throws -> (player: Player, seconds: Double) {
    let player = Player(defaultTimeline: .live, log: EventLog(mode: .countOnly))
    prepare(player)
    let integration = LiveBreaksIntegration()
    try integration.register(on: player)
    player.setSource(
      SourceDescription(sources: [
        TypedSource(src: "https://e.com/live.m3u8", ssai: SSAIConfiguration(integration: "live"))
      ]))
    player.play()
    let start = monotonicSeconds()
    let outcome = player.run(until: seconds)
    let elapsed = monotonicSeconds() - start
    guard outcome.kind == .reachedLimit else { throw BenchError("the run ended early: \(outcome.reason)") }
    guard integration.failures == 0 else {
      throw BenchError("\(integration.failures) controller calls failed")
    }
    return (player, elapsed)
  }

  static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    return sorted[sorted.count / 2]
  }

  /// VmHWM from /proc/self/status, in megabytes (0 where there is no /proc).
  static func peakResidentMegabytes() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
      let kilobytes = line.split(separator: " ").dropFirst().first.flatMap { Double($0) } ?? 0
      return kilobytes / 1024
    }
    return 0
  }
}

struct BenchError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

/// A live SSAI integration as a stream's ad markers would drive it: at each break's start it
/// creates the break and its four ads, then on every `timeupdate` begins, progresses and ends the
/// ad under the playhead, and removes the break when it is over.
final class LiveBreaksIntegration {
  static let breakInterval = 600.0
  static let adDuration = 15.0
  static let adsPerBreak = 4

  private var controller: ServerSideAdIntegrationController?
  private var nextBreak = 0.0
  private var adBreak: AdBreak?
  private var ads: [Ad] = []
  private var playing = -1
  private(set) var failures = 0

  func register(on player: Player) throws {
    try player.ads.registerServerSideIntegration("live") { controller in
      self.controller = controller
      return ServerSideAdIntegrationHandler(setSource: { _, completion in completion(.success(.handled)) })
    }
    player.addEventListener(.timeupdate) { event in self.update(event.currentTime ?? 0) }
  }

  private func update(_ position: Double) {
    guard let controller else { return }
    do {
      if adBreak == nil, position >= nextBreak {
        let created = try controller.createAdBreak(AdBreakInit(timeOffset: nextBreak, maxDuration: 60))
        ads = try (0..<Self.adsPerBreak).map { index in
          try controller.createAd(
            AdInit(
              type: .linear, id: "ad-\(Int.checked(nextBreak, rounding: .down) ?? 0)-\(index)",
              duration: Self.adDuration, skipOffset: -1),
            adBreak: created)
        }
        adBreak = created
        playing = -1
      }
      guard let current = adBreak else { return }
      let elapsed = position - current.timeOffset
      let index = Int.checked(elapsed / Self.adDuration, rounding: .towardZero) ?? -1
      if index != playing, playing >= 0, playing < ads.count {
        try controller.updateAdProgress(ads[playing], 1)
        try controller.endAd(ads[playing])
      }
      guard index < ads.count else {
        try controller.removeAdBreak(current)
        adBreak = nil
        ads = []
        nextBreak += Self.breakInterval
        return
      }
      if index != playing {
        try controller.beginAd(ads[index])
        playing = index
      }
      let progress = (elapsed - Double(index) * Self.adDuration) / Self.adDuration
      try controller.updateAdProgress(ads[index], min(1, max(0, progress)))
    } catch {
      failures += 1
    }
  }
}
