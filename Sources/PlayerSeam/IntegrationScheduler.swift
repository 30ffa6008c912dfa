/// The host thread's clock and queue, as the bridge uses them: timers, and work (I/O) begun on
/// the host thread that other threads answer. A headless player runs it on a virtual clock that
/// waits for outstanding work (`AdPlayer.HostLoop`); an app's player runs it on its main queue
/// and the wall clock.
public protocol IntegrationScheduler: AnyObject {
  /// The timers `after` and `every` return.
  associatedtype Timer: ScheduledTimer
  /// The tokens `beginWork` returns.
  associatedtype Work: PendingWork

  /// The time now, in seconds since the host started.
  var now: Double { get }
  /// The time now, in microseconds since the host started.
  var nowMicros: Int64 { get }
  /// Whether time passes on the wall clock. When false (a virtual clock) the clock does not move
  /// while work is outstanding, so the bridge models a request's latency itself.
  var realTime: Bool { get }

  /// Runs `body` on the host thread once `seconds` have passed.
  @discardableResult
  func after(_ seconds: Double, _ body: @escaping () -> Void) -> Timer
  /// Runs `body` on the host thread after `micros` microseconds, in `phase` among the work due
  /// at that time.
  @discardableResult
  func afterMicros(_ micros: Int64, phase: TimerPhase, _ body: @escaping () -> Void) -> Timer
  /// Runs `body` on the host thread every `seconds` until the timer is cancelled.
  @discardableResult
  func every(_ seconds: Double, _ body: @escaping () -> Void) -> Timer
  /// Whether `timer`, one this scheduler set that has not fired or been cancelled, fires exactly
  /// where a one-shot timer set now for `micros` from now in `phase` would fire, relative to
  /// every other timer: then the caller may keep it instead of cancelling it and setting a new
  /// one. False when the scheduler cannot tell.
  func firesAsIfSetNow(_ timer: any ScheduledTimer, afterMicros micros: Int64, phase: TimerPhase) -> Bool
  /// Marks `timer`, one this scheduler set, as a plugin's (`owner` names it): by itself it is no
  /// progress, so a headless run without end may stop when only such timers are left and no
  /// content can play, naming `owner`. An app's player ignores it.
  func attribute(_ timer: any ScheduledTimer, to owner: String)
  /// Begins work that other threads answer through the token (`post`, `finish`); its closures
  /// run on the host thread, in the order the work began.
  func beginWork(_ label: String) -> Work
  /// Reads `now` without keeping the scheduler alive: nil once it is gone (the plugins' clock
  /// holds one). Host thread only.
  var nowReader: () -> Double? { get }
}

extension IntegrationScheduler {
  /// Runs `body` after `micros` microseconds, among the `work` timers.
  @discardableResult
  public func afterMicros(_ micros: Int64, _ body: @escaping () -> Void) -> Timer {
    afterMicros(micros, phase: .work, body)
  }

  /// Reads `now` through a `weak` reference.
  public var nowReader: () -> Double? { { [weak self] in self?.now } }

  /// Ignored: the timer fires as any other.
  public func attribute(_ timer: any ScheduledTimer, to owner: String) {}

  /// Cannot tell: the caller sets its timer again.
  public func firesAsIfSetNow(_ timer: any ScheduledTimer, afterMicros micros: Int64, phase: TimerPhase)
    -> Bool
  { false }
}

/// A timer; `cancel()` stops it from firing (again).
public protocol ScheduledTimer: AnyObject {
  /// Whether the timer was cancelled.
  var isCancelled: Bool { get }
  /// Stops the timer; cancelling twice, or after a one-shot timer fired, does nothing.
  func cancel()
}

/// Outstanding work (an HTTP request, say), answered from any thread. Thread-safe.
public protocol PendingWork: AnyObject, Sendable {
  /// What the work is, for stall messages.
  var label: String { get }
  /// Delivers a closure for the host thread to run; the work stays outstanding. Ignored once
  /// `finish` was called.
  func post(_ body: @escaping @Sendable () -> Void)
  /// Delivers a last closure; the work is over once it has run. Calling it again does nothing.
  /// `seconds` above 0 delays `body` by that many seconds of the scheduler's own clock: virtual
  /// seconds on the headless loop, media seconds on the real engine's fast mode. Only
  /// PlaybackEngine's `startWork`/`request` pass a delay (the latency faults injected).
  func finish(after seconds: Double, _ body: @escaping @Sendable () -> Void)
}

extension PendingWork {
  /// Ends the work with a last closure (nothing by default).
  public func finish(_ body: @escaping @Sendable () -> Void = {}) { finish(after: 0, body) }
}
