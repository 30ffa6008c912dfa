import GStreamerEngine
import PlaybackEngine
import PlayerSeam

/// The cues of the SCTE-35 sections tsdemux forwarded (`EngineEvent.scte35`): the engine timed
/// them, at the splice time it mapped to a position (`EngineSplice.streamTime`; a section without
/// one, a splice `immediate`, at the playhead). Each is `PlaybackEngine.InbandCues`' SCTE-35 cue,
/// the headless player's, with id `scte35-engine-<n>`, `n` counting the distinct sections in the
/// order first forwarded, so a section forwarded again (a segment fetched again after a seek)
/// brings no new cue.
struct EngineSpliceCues {
  private var numbers: [[UInt8]: Int] = [:]

  /// The cue of `splice` when new (nil for a section forwarded before), at its stream time, else
  /// at `playhead`; or why its section cannot be read.
  mutating func cue(for splice: EngineSplice, playhead: Double) -> Result<Cue?, EngineCueIssue> {
    guard numbers[splice.section] == nil else { return .success(nil) }
    let number = numbers.count + 1
    numbers[splice.section] = number
    do {
      return .success(
        try InbandCues.scte35Cue(
          section: splice.section, id: "scte35-engine-\(number)", start: splice.streamTime ?? playhead))
    } catch {
      return .failure(EngineCueIssue(message: "a SCTE-35 section tsdemux forwarded cannot be read: \(error)"))
    }
  }
}

/// Why the player made no cue of something the engine fetched or forwarded.
struct EngineCueIssue: Error {
  var message: String
}
