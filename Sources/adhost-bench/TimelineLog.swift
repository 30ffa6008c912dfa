import AdPlayer
import PlayerSeam

extension TimelineBench {
  /// Plays `seconds` of the timeline suite's live content (`LiveBreaksIntegration`) and keeps
  /// its whole log, `timeupdate`s included, each entry with the content time when it was logged:
  /// what the strict checks and the HTML report of such a run read.
  static func record(seconds: Double) throws -> [(entry: LogEntry, contentTime: Double)] {
    var entries: [(entry: LogEntry, contentTime: Double)] = []
    let player = Player(defaultTimeline: .live, log: EventLog(mode: .countOnly))
    player.log.mode = .stream { [unowned player] entry in entries.append((entry, player.currentTime)) }
    let integration = LiveBreaksIntegration()
    try integration.register(on: player)
    player.setSource(
      SourceDescription(sources: [
        TypedSource(src: "https://e.com/live.m3u8", ssai: SSAIConfiguration(integration: "live"))
      ]))
    player.play()
    let outcome = player.run(until: seconds)
    guard outcome.kind == .reachedLimit else { throw BenchError("the run ended early: \(outcome.reason)") }
    guard integration.failures == 0 else {
      throw BenchError("\(integration.failures) controller calls failed")
    }
    return entries
  }
}
