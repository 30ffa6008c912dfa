/// When the tracking events of an ad's creative signaling fire, as the ad plays (the sending is
/// the engine's). An event with an `offset` fires when the ad's playhead reaches its slot's start
/// plus the offset; without one its type says when: `impression`, `start`, `creativeView`,
/// `loaded` at the slot's start, the quartiles at 25, 50 and 75 % of the slot, `complete` at its
/// end (also when the ad ends after 99 % of the slots played); `pause`, `resume`, `skip`,
/// `clickTracking` and `error` when those happen. Each timed event fires once; a late join
/// counts the ones before it as past. URLs in `excluded` (those the ad's VAST names too, which
/// its VAST tracking sends) are left out. Host thread only.
final class CreativeSignalingTracker {
  /// Beacons to send now: an event and its URLs.
  struct Due: Equatable {
    let event: String
    let urls: [String]
  }

  private struct Entry {
    let event: String
    /// Seconds into the ad; nil: fired by what happens (pause, skip, …).
    let at: Double?
    let urls: [String]
  }

  private static let atStart: Set<String> = ["impression", "start", "creativeView", "loaded"]
  private static let fractions = [
    "firstQuartile": 0.25, "midpoint": 0.5, "thirdQuartile": 0.75, "complete": 1,
  ]

  private let entries: [Entry]
  /// Where the last slot ends, seconds into the ad.
  let end: Double
  private var fired: Set<Int> = []
  private var furthest = 0.0
  private var paused = false

  init(_ signaling: CreativeSignaling, excluding excluded: Set<String> = []) {
    var entries: [Entry] = []
    for slot in signaling.slots {
      for tracking in slot.tracking {
        let urls = tracking.urls.filter { !excluded.contains($0) }
        guard !urls.isEmpty else { continue }
        let at: Double?
        if let offset = tracking.offset {
          at = slot.start + offset
        } else if Self.atStart.contains(tracking.type) {
          at = slot.start
        } else if let fraction = Self.fractions[tracking.type] {
          at = slot.start + slot.duration * fraction
        } else {
          at = nil
        }
        entries.append(Entry(event: tracking.type, at: at, urls: urls))
      }
    }
    self.entries = entries
    end = signaling.slots.map { $0.start + $0.duration }.max() ?? 0
  }

  /// The ad begins `seconds` into it: what was due before is past, never sent; then what is due
  /// at the start.
  func begin(at seconds: Double = 0) -> [Due] {
    for (index, entry) in entries.enumerated() where (entry.at ?? .infinity) < seconds { fired.insert(index) }
    return progress(to: seconds)
  }

  /// The playhead reached `seconds` into the ad: the timed events reached, in time order.
  func progress(to seconds: Double) -> [Due] {
    guard seconds.isFinite else { return [] }
    furthest = max(furthest, seconds)
    let due = entries.indices.filter { index in
      guard let at = entries[index].at, at <= furthest + 1e-9 else { return false }
      return fired.insert(index).inserted
    }
    return due.sorted { (entries[$0].at ?? 0, $0) < (entries[$1].at ?? 0, $1) }.map {
      Due(event: entries[$0].event, urls: entries[$0].urls)
    }
  }

  /// The ad ended: after 99 % of the slots played, what is left of the timeline (`complete`).
  func ended() -> [Due] {
    guard furthest >= end * 0.99 else { return [] }
    return progress(to: max(furthest, end))
  }

  /// Something happened (`pause`, `resume`, `skip`, `clickTracking`, `error`): its events. A pause
  /// while paused, or a resume while playing, sends nothing.
  func happened(_ event: String) -> [Due] {
    switch event {
    case "pause":
      guard !paused else { return [] }
      paused = true
    case "resume":
      guard paused else { return [] }
      paused = false
    default: break
    }
    return entries.filter { $0.at == nil && $0.event == event }.map { Due(event: $0.event, urls: $0.urls) }
  }
}
