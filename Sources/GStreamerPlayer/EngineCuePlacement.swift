import AdsCore
import GStreamerEngine
import PlaybackEngine
import PlayerSeam

/// Places the timed metadata of the segments the engine fetched at the engine's positions
/// (`EngineTags.position`): after a load or a seek, the first segment's first time is the anchor
/// and the first new segment the engine reports maps it; tags that come before that mapping wait
/// for it. Each segment's cues are `PlaybackEngine.InbandCues`' (ids `<kind>-<n>-<i>`, with `n`
/// the segment's number in the order first fetched), so a segment fetched again brings no new cue.
struct EngineCuePlacement {
  private var anchor: Double?
  private var segment: EngineSegment?
  private var waiting: [EngineTags] = []
  private var numbers: [String: Int] = [:]

  /// A load or a seek: the next segments are mapped afresh.
  mutating func restart() {
    anchor = nil
    segment = nil
    waiting = []
  }

  /// The cues of `tags` not yet `known`, or none until the engine's mapping is known.
  mutating func add(_ tags: EngineTags, known: CueState) -> [Cue] {
    if anchor == nil, let first = tags.firstTime { anchor = first }
    waiting.append(tags)
    return release(known)
  }

  /// The engine's mapping of a new segment on one of its streams: the first after a restart maps
  /// the waiting tags.
  mutating func add(_ mapped: EngineSegment, known: CueState) -> [Cue] {
    if segment == nil { segment = mapped }
    return release(known)
  }

  private mutating func release(_ known: CueState) -> [Cue] {
    guard let anchor, let segment else { return [] }
    let offset = EngineTags.position(of: 0, anchor: anchor, segment: segment)
    var cues: [Cue] = []
    for tags in waiting where !tags.items.isEmpty {
      let number = numbers[tags.url] ?? numbers.count
      numbers[tags.url] = number
      cues += InbandCues.cues(tags.items, sequence: number, offset: offset)
    }
    waiting = []
    let ids = Set(known.cues.map(\.id))
    return cues.filter { !ids.contains($0.id) }
  }
}
