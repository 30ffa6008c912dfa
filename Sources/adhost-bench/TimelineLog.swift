import AdPlayer
import PlayerSeam

extension TimelineBench {
  /// Plays `seconds` of the timeline suite's live content (`LiveBreaksIntegration`) and keeps
  /// its whole log, `timeupdate`s included, each entry with the content time when it was logged:
  /// what the strict checks and the HTML report of such a run read.
  static func record(seconds: Double) throws -> [(entry: LogEntry, contentTime: Double)] {
    var entries: [(entry: LogEntry, contentTime: Double)] = []
    _ = try playLive(seconds: seconds) { player in
      player.log.mode = .stream { [unowned player] entry in entries.append((entry, player.currentTime)) }
    }
    return entries
  }
}
