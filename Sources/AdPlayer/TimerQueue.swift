import PlayerSeam

/// A timer scheduled on the loop's virtual clock; `cancel()` stops it from firing (again). Host thread only.
public final class TimerHandle {
  var time: Int64
  var sequence: UInt64 = 0
  let phase: TimerPhase
  let interval: Int64?
  let body: () -> Void
  var cancelled = false

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
struct TimerQueue {
  private var heap: [TimerHandle] = []
  private var nextSequence: UInt64 = 0

  /// How many timers are queued, cancelled ones included until they surface.
  var count: Int { heap.count }

  mutating func push(_ timer: TimerHandle) {
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

  /// Removes and returns the earliest timer (possibly cancelled).
  mutating func popFirst() -> TimerHandle? {
    guard let first = heap.first else { return nil }
    let last = heap.removeLast()
    if !heap.isEmpty {
      heap[0] = last
      siftDown(0)
    }
    return first
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
