/// What a client-side engine knows of its breaks between two `timeupdate`s: the content seconds
/// of the soonest break that can be reached on the way (ready, not played, no post-roll), as of
/// the schedule's revision and the content's duration. A `timeupdate` before that break reaches
/// nothing and arms the same timer, so the engine looks at no break at all until the schedule,
/// the duration or the playhead's side of the soonest break changes. Host thread only.
final class ClientSideSchedule {
  // why: these three: plain reads and writes that call nothing, on every `timeupdate`.
  /// Bumped by every change to the breaks (added, removed, placed, made ready, played).
  @exclusivity(unchecked) private(set) var revision = 0
  /// The soonest break's offset (nil: none), valid while `revision` and the duration are those
  /// it was found with.
  @exclusivity(unchecked) private var soonest: (revision: Int, duration: Double?, offset: Double?)?
  /// Breaks looked at to find where the playhead is among them (a work count, for tests).
  @exclusivity(unchecked) var breaksExamined = 0

  /// Notes a change to the breaks: the soonest is found again when next asked.
  func changed() { revision &+= 1 }

  /// The soonest break's offset, if it is known for this revision and `duration`.
  func knownSoonest(duration: Double?) -> Double?? {
    guard let soonest, soonest.revision == revision, soonest.duration == duration else { return nil }
    return .some(soonest.offset)
  }

  /// Keeps `offset` as the soonest break for this revision and `duration`.
  func keep(soonest offset: Double?, duration: Double?) {
    soonest = (revision, duration, offset)
  }

  /// Forgets the soonest break (it depends on what the revision does not follow: the cues).
  func forget() { soonest = nil }
}
