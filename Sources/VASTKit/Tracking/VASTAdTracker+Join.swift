/// A late join: the ad begins part-way, and what was due before that point never fires.
extension VASTAdTracker {
  /// The ad begins `seconds` into it (call before `begin()`): the quartiles and `progress`
  /// offsets before that point are counted as past, never sent, and `[ADPLAYHEAD]` starts there.
  public func join(at seconds: Double) {
    guard seconds.isFinite, seconds > 0 else { return }
    let progressEvents = (ad.linear?.trackingEvents ?? []).enumerated().filter {
      $0.element.event == "progress"
    }
    playback.withLock { playback in
      playback.position = seconds
      playback.furthest = max(playback.furthest, seconds)
      if let duration = playback.duration, duration > 0 {
        for (fraction, event) in [(0.25, "firstQuartile"), (0.5, "midpoint"), (0.75, "thirdQuartile")]
        where duration * fraction < seconds {
          playback.once.insert(event)
        }
      }
      for (index, tracking) in progressEvents {
        guard let at = tracking.offset?.seconds(duration: playback.duration), at < seconds else { continue }
        playback.once.insert("progress#\(index)")
      }
    }
  }
}
