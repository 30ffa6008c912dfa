import AdsCore
import PlayerSeam
import Testing

/// `CueIndex.update` re-indexes only the cues past the unchanged leading part: whatever the
/// change, the index equals one built from scratch.
@Suite struct CueIndexTests {
  func expectSame(_ index: CueIndex, _ cues: [Cue]) {
    let fresh = CueIndex(cues)
    #expect(index.starts == fresh.starts)
    #expect(index.ends == fresh.ends)
    #expect(index.reaches == fresh.reaches)
    #expect(index.runningReach == fresh.runningReach)
  }

  func cue(_ id: String, _ start: Double, _ end: Double? = nil) -> Cue {
    Cue(id: id, startTime: start, endTime: end)
  }

  @Test func appendedCuesAreIndexedAsFromScratch() {
    let first = [cue("a", 0, 100), cue("b", 5), cue("c", 8, 9)]
    var index = CueIndex(first)
    let appended = first + [cue("d", 10, 11), cue("e", 12)]
    index.update(from: first, to: appended)
    expectSame(index, appended)
  }

  @Test func cuesChangedInTheMiddleAreIndexedAgainFromThere() {
    let first = [cue("a", 0, 100), cue("b", 5), cue("c", 8, 9), cue("d", 20, 30)]
    var index = CueIndex(first)
    // A cue inserted before others, and one whose end changed.
    let changed = [cue("a", 0, 100), cue("x", 3, 4), cue("b", 5, 6), cue("c", 8, 9), cue("d", 20, 30)]
    index.update(from: first, to: changed)
    expectSame(index, changed)
    let shorter = [cue("a", 0, 50)]
    index.update(from: changed, to: shorter)
    expectSame(index, shorter)
    index.update(from: shorter, to: [])
    expectSame(index, [])
  }

  @Test func settingTheCuesOfAStateKeepsItsIndexTrue() {
    var state = CueState()
    var cues: [Cue] = []
    for segment in 0..<20 {
      cues += (0..<3).map {
        cue("s\(segment)-\($0)", Double(segment * 6 + $0), Double(segment * 6 + $0) + 0.5)
      }
      state.cues = cues
      expectSame(state.index, cues)
    }
    state.cues = Array(cues.reversed().prefix(5))
    expectSame(state.index, state.cues)
  }
}
