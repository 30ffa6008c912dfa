import CheckedNumbers
import Foundation
import PlayerSeam

/// The event loop of the host thread: a virtual clock, timers on it, and an inbox for work that
/// finishes on other threads. Everything but `WorkToken` is host-thread only.
///
/// The clock never advances while work is outstanding or a hold is held: the loop first runs
/// what the inbox delivers until both are gone. One exception: a hold whose only way out is a
/// delivery deferred on the virtual clock (an injected delay) lets the clock move on to it.
/// Work due at the same virtual time runs in this order: what the inbox delivers, then `work` timers (first-in, first-out), then `userAction`
/// timers (see `TimerPhase`); deliveries of work begun by a timer run before the next timer. With `realTime`, timers fire no earlier than
/// their virtual time, measured on the wall clock from the start of the run. Host thread only.
public final class HostLoop {
  /// The virtual time in microseconds.
  public var nowMicros: Int64 { clock }
  /// Whether clock advances are paced to the wall clock.
  public var realTime: Bool {
    get { pacedToWallClock }
    set { pacedToWallClock = newValue }
  }
  /// How long (wall seconds) to wait for outstanding work to deliver before giving up.
  public var ioTimeout: Double = 60
  /// How many wall seconds the loop may wait for outstanding work in all, over its runs and
  /// `deliverOutstanding` (`adhost run --io-seconds`); 0: no bound. Once spent, `run` ends
  /// stalled and `isIOBudgetSpent` says so.
  public var ioBudget: Double = 0
  /// Wall seconds spent waiting for outstanding work so far.
  public private(set) var ioWaited: Double = 0
  /// Whether `ioBudget` was spent.
  public var isIOBudgetSpent: Bool { ioBudget > 0 && ioWaited >= ioBudget }
  /// Whether content may still play without the timers' help (the player sets it): while it
  /// does, a run without limit goes on when only plugins' timers are left (see `run`).
  public var hasContent: () -> Bool = { false }
  /// Describes the state when the loop has nothing left to do (the player says why).
  public var idleDescription: () -> String = { "nothing scheduled and no work outstanding" }

  // why: hot state is private, behind public computed accessors. Unchecked: every access is a plain
  // read or write, or a mutation of the queue or the holds that calls no closure, so none can
  // overlap another; `run` calls out (timers' bodies) between accesses, which kept the
  // optimizer from dropping the dynamic checks (≈ 1 % of a play, several per timer).
  @exclusivity(unchecked) private var clock: Int64 = 0
  @exclusivity(unchecked) private var pacedToWallClock = false
  @exclusivity(unchecked) private var timers = TimerQueue()
  private let inbox = Inbox()
  // why: as `clock` above: plain reads and writes, and mutations that call no closure.
  @exclusivity(unchecked) private var holds: [Int: String] = [:]
  @exclusivity(unchecked) private var nextHold = 0
  @exclusivity(unchecked) private var stopReason: String?
  private let interruption = Interruption()
  /// Deliveries due later on the virtual clock (`WorkToken.finish(after:)`), not yet run.
  // why: as `clock` above: plain reads and writes that call nothing.
  @exclusivity(unchecked) private var deferredDeliveries = 0

  /// How what the loop hands out reaches it without keeping it alive (a `weak` reference would
  /// give it a side table: see `Backlink`).
  private let backlink = Backlink<HostLoop>()

  /// A loop at virtual time 0.
  public init() {
    backlink.attach(self)
    // Unretained: only the loop's own `runDelivered` calls it (the inbox is the loop's alone).
    inbox.deferral = { [unowned(unsafe) self] micros, body in
      self.deferredDeliveries += 1
      self.afterMicros(micros) {
        self.deferredDeliveries -= 1
        body()
      }
    }
  }

  deinit { backlink.clear() }

  /// The virtual time in seconds.
  public var now: Double { VirtualTime.seconds(nowMicros) }

  /// Reads `now` through the loop's backlink: nil once the loop is gone.
  public var nowReader: () -> Double? { { [backlink] in backlink.object?.now } }

  /// How many timers the queue holds, cancelled ones not swept out yet included: the loop's
  /// bookkeeping, which tests count.
  public var queuedTimers: Int { timers.count }

  /// How many timers were set since the loop began, a repeating timer once per repeat: the
  /// loop's bookkeeping, which tests count.
  public var timersSet: UInt64 { timers.pushed }

  /// Whether `timer` (one of this loop's, queued and not cancelled) fires exactly where a
  /// one-shot timer set now for `micros` from now in `phase` would: the same time, and no other
  /// timer of that time and phase was set after it. Then keeping it is the same as cancelling
  /// it and setting it again. O(queued timers).
  public func firesAsIfSetNow(_ timer: any ScheduledTimer, afterMicros micros: Int64, phase: TimerPhase)
    -> Bool
  {
    guard let timer = timer as? TimerHandle, timer.interval == nil, timer.phase == phase,
      timer.time == nowMicros &+ max(0, micros)
    else { return false }
    return timers.isLastPushed(ofItsInstant: timer)
  }

  /// Runs `body` once, `seconds` from now (negative counts as 0).
  @discardableResult
  public func after(_ seconds: Double, _ body: @escaping () -> Void) -> TimerHandle {
    afterMicros(VirtualTime.micros(seconds), body)
  }

  /// Runs `body` once, `micros` microseconds from now; among timers due at the same time, in
  /// `phase` (see `TimerPhase`).
  @discardableResult
  public func afterMicros(_ micros: Int64, phase: TimerPhase = .work, _ body: @escaping () -> Void)
    -> TimerHandle
  {
    let timer = TimerHandle(time: nowMicros &+ max(0, micros), phase: phase, interval: nil, body: body)
    timers.push(timer)
    return timer
  }

  /// Runs `body` every `seconds` (at least one microsecond), first `seconds` from now.
  @discardableResult
  public func every(_ seconds: Double, _ body: @escaping () -> Void) -> TimerHandle {
    everyMicros(VirtualTime.micros(seconds), body)
  }

  /// Runs `body` every `micros` microseconds (at least one), first `micros` from now.
  @discardableResult
  public func everyMicros(_ micros: Int64, _ body: @escaping () -> Void) -> TimerHandle {
    let interval = max(1, micros)
    let timer = TimerHandle(time: nowMicros &+ interval, interval: interval, body: body)
    timers.push(timer)
    return timer
  }

  /// Marks `timer` (one of this loop's) as set by `owner` (a plugin): by itself it is no
  /// progress, so a run without limit where only such timers are left, with no content to play,
  /// ends stalled naming the owners instead of firing them for ever.
  public func attribute(_ timer: any ScheduledTimer, to owner: String) {
    (timer as? TimerHandle)?.owner = owner
  }

  /// Starts outstanding work; deliver its result through the token from any thread.
  public func beginWork(_ label: String) -> WorkToken {
    WorkToken(label: label, inbox: inbox)
  }

  /// Holds the clock until `release` is called (the player waiting for an integration's
  /// completion). A hold that no outstanding work can end stalls the run.
  public func hold(_ reason: String) -> LoopHold {
    nextHold += 1
    holds[nextHold] = reason
    return LoopHold(loop: self, id: nextHold)
  }

  func release(_ id: Int) { holds[id] = nil }

  /// Ends the current run after the running timer or delivery.
  public func stop(_ reason: String) { stopReason = reason }

  /// A handle other threads use to end the current run (a Ctrl-C handler, say).
  public var interrupter: LoopInterrupter { LoopInterrupter(interruption: interruption) }

  /// Runs what outstanding work delivers until none is outstanding (or none delivers within
  /// `ioTimeout` wall seconds), without firing timers or moving the clock: after a `stop`, the
  /// answers to what the stopped instant started (a beacon sent then) arrive.
  public func deliverOutstanding() {
    while true {
      _ = inbox.runDelivered()
      guard inbox.outstandingCount > 0 else { return }
      guard waitForOutstanding() else { return }
    }
  }

  /// Waits for outstanding work to deliver, up to `ioTimeout` and what is left of `ioBudget`,
  /// counting the wait; returns whether something may run.
  private func waitForOutstanding() -> Bool {
    guard !isIOBudgetSpent else { return false }
    let start = Date()
    let capped = ioBudget > 0 && ioBudget - ioWaited < ioTimeout
    let wait = capped ? ioBudget - ioWaited : ioTimeout
    let delivered = inbox.waitForDelivery(until: start.addingTimeInterval(wait))
    ioWaited += Date().timeIntervalSince(start)
    // A wait the budget cut short spent it (the clock read after may round below the deadline).
    if !delivered && capped { ioWaited = max(ioWaited, ioBudget) }
    return delivered
  }

  /// Whether any hold is held or work is outstanding.
  public var isWaiting: Bool { !holds.isEmpty || inbox.outstandingCount > 0 }

  /// Fires timers in order, advancing the clock, until `until` (virtual seconds), a `stop`, or
  /// nothing is left to do; never hangs on a wait nothing can end.
  public func run(until limitSeconds: Double? = nil) -> LoopOutcome {
    stopReason = nil
    _ = interruption.take()
    let limit = limitSeconds.map { VirtualTime.micros($0) }
    var wallAnchor = Date()
    var virtualAnchor = nowMicros
    while true {
      inbox.runDelivered()
      if let interrupted = interruption.take() { stopReason = interrupted }
      if let stopReason { return outcome(.stopped, stopReason) }
      if isWaiting {
        if inbox.outstandingCount == 0 {
          if inbox.hasDeliveries { continue }
          // A delivery due later may end the wait: the clock moves on to it (below).
          if deferredDeliveries == 0 {
            return outcome(.stalled, "waiting for \(holdReasons) with no work outstanding to end the wait")
          }
        } else {
          if !waitForOutstanding() {
            let labels = inbox.outstandingLabels.joined(separator: ", ")
            if isIOBudgetSpent {
              let budget = CheckedNumbers.describe(ioBudget)
              return outcome(
                .stalled,
                "the I/O budget is spent (\(budget) s of wall time waiting in all); outstanding: \(labels)")
            }
            return outcome(.stalled, "no delivery within \(ioTimeout) s from outstanding work: \(labels)")
          }
          wallAnchor = Date()
          virtualAnchor = nowMicros
          continue
        }
      }
      guard let next = timers.nextTime() else { return outcome(.idle, idleDescription()) }
      if limit == nil, let owners = timers.ownersIfOnlyOwnedLeft(), !hasContent() {
        return outcome(.stalled, ownedTimersOnly(owners))
      }
      if let limit, next > limit {
        clock = max(clock, limit)
        return outcome(.reachedLimit, "reached \(VirtualTime.secondsText(limit)) s")
      }
      if pacedToWallClock {
        let due = wallAnchor.addingTimeInterval(VirtualTime.seconds(next - virtualAnchor))
        if due > Date() {
          _ = inbox.waitForDelivery(until: due)
          continue
        }
      }
      guard let timer = timers.popFirst() else { continue }
      clock = timer.time
      if let interval = timer.interval {
        timer.time = clock &+ interval
        timers.push(timer)
      }
      timer.body()
    }
  }

  /// Why a run without limit stalls with only plugins' timers left.
  private func ownedTimersOnly(_ owners: [String]) -> String {
    "stalled: only the timers of \(owners.joined(separator: ", ")) are left, and no content can play "
      + "(\(idleDescription())): they would fire for ever with no progress"
  }

  private var holdReasons: String {
    holds.sorted { $0.key < $1.key }.map(\.value).joined(separator: ", ")
  }

  private func outcome(_ kind: LoopOutcome.Kind, _ reason: String) -> LoopOutcome {
    LoopOutcome(kind: kind, reason: reason, time: now)
  }
}
