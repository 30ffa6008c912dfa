import Dispatch
import PlayerSeam

/// The host thread's clock and queue for an integration on the GStreamer engine. In real time
/// (`realTime == true`) its time is a monotonic clock (uptime, not the wall clock's date); in the
/// fast mode it is the engine's media time: the caller hands it each position the engine reports
/// (`follow(position:)`), the clock moves forward by what played, and a timer fires once that much
/// media has played, however fast the sinks run. A seek does not move the clock (`seeked(to:)`).
/// In the fast mode the clock does not stop for outstanding work (the engine does not wait for
/// the host), and a `finish(after:)` delay is media time too.
///
/// The caller's loop runs it: `runDue()` after each engine event or wake-up, and
/// `waitForWork(untilMicros:)` in real time between them. Its work tokens are answered from any
/// thread. Host thread only.
public final class EngineScheduler: IntegrationScheduler {
  public let realTime: Bool
  private let started = DispatchTime.now().uptimeNanoseconds
  private var mediaMicros: Int64 = 0
  /// The furthest position the engine reported since the last seek (or load).
  private var furthestPosition: Double?
  /// The furthest position the host let a stepped engine play to since the last seek.
  private var allowedPosition: Double?
  /// Whether the host steps the engine (`stepped(until:)` was called).
  private var steps = false
  private var timers: [EngineTimer] = []
  private var scheduled = 0
  private let inbox = EngineInbox()

  /// A scheduler on a monotonic clock (`.realTime`) or on the engine's media time (`.fast`).
  public init(speed: GStreamerEngineOptions.Speed) { realTime = speed == .realTime }

  public var nowMicros: Int64 {
    guard realTime else { return mediaMicros }
    return Int64(clamping: (DispatchTime.now().uptimeNanoseconds &- started) / 1_000)
  }

  public var now: Double { VirtualTime.seconds(nowMicros) }

  /// The fast mode: the engine's position is `position` seconds; the clock moves forward by the
  /// media played past the furthest position since the last seek (its high-water mark), so a
  /// report behind it (jitter) moves nothing, and the media it plays again is not counted twice.
  /// A stepped engine played no further than the host allowed (`stepped(until:)`) and a frame:
  /// a position beyond that is a leap (a live demuxer skipping ahead, a gap), and the clock
  /// counts the media up to what was allowed only. Ignored in real time.
  public func follow(position: Double) {
    guard !realTime, position.isFinite else { return }
    guard let furthest = furthestPosition else {
      // The first position after a load or seek is where the media starts (a live join's).
      furthestPosition = position
      return
    }
    guard position > furthest else { return }
    var played = position
    if let allowed = allowedPosition, position > allowed + Self.longestFrame {
      played = max(furthest, allowed)
    }
    mediaMicros &+= VirtualTime.micros(played) &- VirtualTime.micros(furthest)
    furthestPosition = position
  }

  /// The stepped fast mode: the host let the engine play up to `position` seconds (a load or a
  /// seek lets it play to where it starts).
  public func stepped(until position: Double) {
    guard position.isFinite else { return }
    steps = true
    allowedPosition = max(allowedPosition ?? position, position)
  }

  /// The engine moved to `position` by a seek: the clock does not jump with it, and the media
  /// played from there on counts again. Nil: a load whose first position is where it starts,
  /// wherever that is (a live join's). A stepped engine may play to `position` only.
  public func seeked(to position: Double?) {
    furthestPosition = position.flatMap { $0.isFinite ? $0 : nil }
    allowedPosition = steps ? furthestPosition : nil
  }

  /// How far past the allowed position a stepped engine's report may be and still be one frame
  /// played (a frame of a 1 fps stream); further is a leap.
  static let longestFrame = 1.0

  @discardableResult
  public func after(_ seconds: Double, _ body: @escaping () -> Void) -> EngineTimer {
    afterMicros(VirtualTime.micros(seconds), phase: .work, body)
  }

  @discardableResult
  public func afterMicros(_ micros: Int64, phase: TimerPhase, _ body: @escaping () -> Void) -> EngineTimer {
    schedule(EngineTimer(due: nowMicros &+ max(0, micros), phase: phase, interval: nil, body: body))
  }

  @discardableResult
  public func every(_ seconds: Double, _ body: @escaping () -> Void) -> EngineTimer {
    let interval = max(1, VirtualTime.micros(seconds))
    return schedule(EngineTimer(due: nowMicros &+ interval, phase: .work, interval: interval, body: body))
  }

  public func beginWork(_ label: String) -> EngineWork { EngineWork(label: label, inbox: inbox) }

  /// When the next timer is due (scheduler microseconds), nil when none is set.
  public var nextDueMicros: Int64? { timers.lazy.filter { !$0.isCancelled }.map(\.due).min() }

  /// Runs what work delivered, then every timer due now, in order of time, phase and scheduling
  /// (a repeating timer once per call at most, so a slow host cannot spin on it). Host thread.
  public func runDue() {
    for delivery in inbox.takeAll() {
      if delivery.delay > 0 {
        after(delivery.delay, delivery.body)
      } else {
        delivery.body()
      }
    }
    let now = nowMicros
    while let next = nextTimer(dueBy: now) {
      // A repeating timer's next time is after `now`: it fires once in this call.
      if let interval = next.interval {
        next.due = max(next.due &+ interval, now &+ 1)
      } else {
        next.cancel()
      }
      next.body()
    }
    timers.removeAll { $0.isCancelled }
  }

  /// Real time: blocks until work delivers something or `deadline` (monotonic microseconds of
  /// this scheduler) passes.
  public func waitForWork(untilMicros deadline: Int64) {
    inbox.wait(microseconds: max(0, deadline &- nowMicros))
  }

  private func schedule(_ timer: EngineTimer) -> EngineTimer {
    scheduled += 1
    timer.order = scheduled
    timers.append(timer)
    return timer
  }

  private func nextTimer(dueBy now: Int64) -> EngineTimer? {
    timers.lazy.filter { !$0.isCancelled && $0.due <= now }.min {
      ($0.due, $0.phase.rawValue, $0.order) < ($1.due, $1.phase.rawValue, $1.order)
    }
  }
}
