/// Cues in order of start time, as `IntegrationPlayer.cues` holds them: among cues of the same
/// start, the one known first comes first.
public enum CueOrder {
  /// `cues` in order of start, those of the same start in their given order; taken as they are
  /// when already in order (no copy into a sort).
  public static func byStart(_ cues: [Cue]) -> [Cue] {
    let ordered = cues.indices.dropFirst().allSatisfy { cues[$0 - 1].startTime <= cues[$0].startTime }
    if ordered { return cues }
    return cues.enumerated().sorted {
      ($0.element.startTime, $0.offset) < ($1.element.startTime, $1.offset)
    }.map(\.element)
  }

  /// `known` with `added` merged in (both in order of start), each added cue after the known
  /// cues of the same start.
  public static func merged(_ known: [Cue], _ added: [Cue]) -> [Cue] {
    var result: [Cue] = []
    result.reserveCapacity(known.count + added.count)
    var (i, j) = (0, 0)
    while i < known.count || j < added.count {
      if j == added.count || (i < known.count && known[i].startTime <= added[j].startTime) {
        result.append(known[i])
        i += 1
      } else {
        result.append(added[j])
        j += 1
      }
    }
    return result
  }
}
