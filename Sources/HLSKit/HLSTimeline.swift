/// The content timeline of a media playlist across its loads: a VOD playlist is read once; a
/// live playlist's sliding window is merged on each refresh, so segment times and cues stay on
/// one time base (0 = the start of the first window loaded) as segments slide out.
public struct HLSTimeline: Sendable {
  /// The most cues kept; the earliest are dropped past it.
  public static let maxCues = 10_000

  /// The latest window's segments, on the timeline.
  public private(set) var segments: [HLSSegment] = []
  /// Every cue known so far, by start time; a cue seen again is updated, not repeated.
  public private(set) var cues: [HLSCue] = []
  /// The latest `#EXT-X-TARGETDURATION`.
  public private(set) var targetDuration: Double = 0
  /// Whether the latest load had `#EXT-X-ENDLIST`.
  public private(set) var hasEnded = false
  /// How many loads were merged.
  public private(set) var loads = 0
  /// The ids in `cues`, so that a new cue is known new without a walk over them all.
  private var cueIDs: Set<String> = []

  /// An empty timeline.
  public init() {}

  /// Where the latest window ends (the live edge, or the end of VOD).
  public var end: Double { segments.last?.endTime ?? 0 }

  /// Merges a load of the playlist: its window is placed by media sequence numbers shared with
  /// the previous window, else by program date-time, else right after it.
  public mutating func merge(_ playlist: HLSMediaPlaylist) {
    let offset = self.offset(for: playlist)
    segments = playlist.segments.map { segment in
      var moved = segment
      moved.startTime += offset
      return moved
    }
    targetDuration = playlist.targetDuration
    hasEnded = playlist.hasEndList
    loads += 1
    for var cue in playlist.cues {
      cue.startTime += offset
      cue.endTime = cue.endTime.map { $0 + offset }
      add(cue)
    }
    for time in playlist.orphanCueIns { closeOpenSpans(at: time + offset) }
  }

  private func offset(for playlist: HLSMediaPlaylist) -> Double {
    guard let previous = segments.first, let last = segments.last, let first = playlist.segments.first else {
      return 0
    }
    if let shared = playlist.segments.first(where: {
      $0.sequence >= previous.sequence && $0.sequence <= last.sequence
    }),
      let known = segments.first(where: { $0.sequence == shared.sequence })
    {
      return known.startTime - shared.startTime
    }
    if let date = first.programDateTime, let time = HLSDateMapping.time(of: date, segments: segments) {
      return time - first.startTime
    }
    // Sequence numbers are the server's: a jump of billions reads as a week missing at most, so
    // the timeline stays within what a run can reach.
    let missing = Double(max(0, first.sequence - last.sequence - 1))
    return last.endTime + min(missing * playlist.targetDuration, HLSParser.maxDuration) - first.startTime
  }

  private mutating func add(_ cue: HLSCue) {
    // Only a known id or a continuation can match a cue already there (a walk over them all for
    // each cue made 10,000 cue-outs take minutes).
    let mayBeKnown = cueIDs.contains(cue.id) || (cue.kind == .cueOut && cue.id.hasSuffix("-cont"))
    if mayBeKnown, let index = cues.firstIndex(where: { $0.id == cue.id || sameSpan($0, cue) }) {
      // Known: later loads may bring its end or more attributes; it keeps its first place.
      if let end = cue.endTime { cues[index].endTime = end }
      if cue.kind == .dateRange { cues[index].attributes = cue.attributes }
      return
    }
    // Cues mostly come in time order: then the new one goes last.
    let position =
      cues.last.map { $0.startTime <= cue.startTime } ?? true
      ? cues.endIndex : (cues.firstIndex { $0.startTime > cue.startTime } ?? cues.endIndex)
    cues.insert(cue, at: position)
    cueIDs.insert(cue.id)
    if cues.count > Self.maxCues {
      let dropped = cues.count - Self.maxCues
      for old in cues.prefix(dropped) { cueIDs.remove(old.id) }
      cues.removeFirst(dropped)
    }
  }

  /// A cue-out span seen again from a continuation tag (the window starts inside it).
  private func sameSpan(_ known: HLSCue, _ cue: HLSCue) -> Bool {
    guard known.kind == .cueOut, cue.kind == .cueOut, cue.id.hasSuffix("-cont") else { return false }
    let tolerance = 0.5
    return abs(known.startTime - cue.startTime) <= tolerance
      || (known.startTime <= cue.startTime && (known.endTime.map { cue.startTime < $0 } ?? true))
  }

  private mutating func closeOpenSpans(at time: Double) {
    for index in cues.indices where cues[index].kind == .cueOut && cues[index].startTime < time {
      if cues[index].endTime == nil || cues[index].endTime.map({ $0 > time }) == true {
        cues[index].endTime = time
      }
    }
  }
}
