import PlayerSeam

/// A timer scheduled on the loop's virtual clock; `cancel()` stops it from firing (again). Host thread only.
public final class TimerHandle {
  // why: plain reads and writes only (the queue's order, looked at on every push and pop).
  @exclusivity(unchecked) var time: Int64
  @exclusivity(unchecked) var sequence: UInt64 = 0
  let phase: TimerPhase
  let interval: Int64?
  let body: () -> Void
  // why: as `time` above: plain reads and writes only, on every pop.
  @exclusivity(unchecked) var cancelled = false
  /// Who set the timer when it is a plugin's (`HostLoop.attribute`): by itself no progress.
  var owner: String?

  /// Whether the timer was cancelled.
  public var isCancelled: Bool { cancelled }

  init(time: Int64, phase: TimerPhase = .work, interval: Int64?, body: @escaping () -> Void) {
    self.time = time
    self.phase = phase
    self.interval = interval
    self.body = body
  }

  /// Stops the timer; cancelling twice, or after a one-shot timer fired, does nothing.
  public func cancel() { cancelled = true }
}

/// A binary min-heap of timers ordered by time, then phase, then scheduling order: timers of a
/// phase due at the same time fire first-in, first-out.
///
/// A cancelled timer stays in the heap until it surfaces or the heap doubles since it was last
/// swept (`dropCancelled`): a timer cancelled and set again on every `timeupdate` (a client-side
/// break's, minutes ahead) used to leave thousands behind, every push and pop sifting through
/// them.
struct TimerQueue {
  private var heap: [TimerHandle] = []
  private var nextSequence: UInt64 = 0
  /// The size at which a push first sweeps out the cancelled timers: twice the live ones after
  /// the last sweep, so sweeping costs O(1) per push on average.
  private var sweepAt = Self.smallestSweep
  static let smallestSweep = 64

  /// A live timer of no owner that `ownersIfOnlyOwnedLeft` found queued: it looks again only once
  /// this one was popped (forgotten then, so that a fired timer's closure is not kept) or
  /// cancelled.
  private var unownedWitness: TimerHandle?

  /// The most queued timers `isLastPushed(ofItsInstant:)` looks through.
  static let lastPushedScanLimit = 64

  /// How many timers are queued, cancelled ones included until they surface or are swept.
  var count: Int { heap.count }

  /// How many timers were pushed since the queue began (a repeating timer once per repeat).
  var pushed: UInt64 { nextSequence }

  /// Whether `timer` is queued and live, and no live timer due at its time in its phase was
  /// pushed after it: then it fires exactly where the same timer pushed now would, since a timer
  /// pushed now comes after every queued one of its time and phase, and so would `timer`.
  /// Cancelled timers never fire, so they do not count. O(queued timers), so a queue of more
  /// than `lastPushedScanLimit` answers false without looking: the caller then cancels and
  /// pushes again, the same result in O(log n), and a plugin that queues many timers does not
  /// make every `timeupdate` scan them all.
  func isLastPushed(ofItsInstant timer: TimerHandle) -> Bool {
    guard !timer.cancelled, heap.count <= Self.lastPushedScanLimit else { return false }
    var queued = false
    for other in heap {
      if other === timer {
        queued = true
      } else if other.time == timer.time, other.phase == timer.phase, other.sequence > timer.sequence,
        !other.cancelled
      {
        return false
      }
    }
    return queued
  }

  mutating func push(_ timer: TimerHandle) {
    if heap.count >= sweepAt { dropCancelled() }
    nextSequence += 1
    timer.sequence = nextSequence
    heap.append(timer)
    siftUp(heap.count - 1)
  }

  /// The time of the earliest live timer, dropping cancelled ones on the way.
  mutating func nextTime() -> Int64? {
    while let first = heap.first, first.cancelled { _ = popFirst() }
    return heap.first?.time
  }

  /// The owners of the live timers, sorted, when every live timer has an owner (only plugins'
  /// timers are left); nil when some live timer has none, or none is live. O(1) while the first
  /// timer has no owner or the last one found without an owner is still live; O(queued timers)
  /// otherwise.
  mutating func ownersIfOnlyOwnedLeft() -> [String]? {
    guard nextTime() != nil, heap.first?.owner != nil else { return nil }
    if let witness = unownedWitness, !witness.cancelled { return nil }
    unownedWitness = heap.first { $0.owner == nil && !$0.cancelled }
    guard unownedWitness == nil else { return nil }
    return Set(heap.lazy.filter { !$0.cancelled }.compactMap(\.owner)).sorted()
  }

  /// Removes and returns the earliest timer (possibly cancelled).
  mutating func popFirst() -> TimerHandle? {
    guard let first = heap.first else { return nil }
    if first === unownedWitness { unownedWitness = nil }
    let last = heap.removeLast()
    if !heap.isEmpty {
      heap[0] = last
      siftDown(0)
    }
    return first
  }

  /// Removes the cancelled timers and makes a heap of the rest. The order is total (time,
  /// phase, sequence), so the live timers fire in the same order as if they had stayed.
  private mutating func dropCancelled() {
    heap.removeAll { $0.cancelled }
    if unownedWitness?.cancelled == true { unownedWitness = nil }
    for index in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(index) }
    sweepAt = max(Self.smallestSweep, heap.count * 2)
  }

  private func precedes(_ lhs: TimerHandle, _ rhs: TimerHandle) -> Bool {
    if lhs.time != rhs.time { return lhs.time < rhs.time }
    if lhs.phase != rhs.phase { return lhs.phase.rawValue < rhs.phase.rawValue }
    return lhs.sequence < rhs.sequence
  }

  private mutating func siftUp(_ start: Int) {
    var child = start
    while child > 0 {
      let parent = (child - 1) / 2
      guard precedes(heap[child], heap[parent]) else { return }
      heap.swapAt(child, parent)
      child = parent
    }
  }

  private mutating func siftDown(_ start: Int) {
    var parent = start
    while true {
      let left = 2 * parent + 1
      let right = left + 1
      var smallest = parent
      if left < heap.count, precedes(heap[left], heap[smallest]) { smallest = left }
      if right < heap.count, precedes(heap[right], heap[smallest]) { smallest = right }
      guard smallest != parent else { return }
      heap.swapAt(parent, smallest)
      parent = smallest
    }
  }
}
