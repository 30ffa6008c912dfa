import Foundation
import PlayerSeam

/// The one client-side ad engine: plays breaks the way THEOplayer and the IMA SDK play VAST ads.
/// When the playhead reaches a break the content pauses, each ad begins, reports its progress
/// every `tick` of the player's clock and ends at its duration, and the content resumes. Breaks
/// due at one offset play in order in one ad break. A seek that jumps over breaks plays only the
/// last offset it passed; played and jumped-over breaks do not play again (a repeating VMAP break
/// moves on to its next occurrence). Breaks at or past the content's end are post-rolls: they
/// play on `ended`. The host's `csai` ads (`ClientSideAds`) and the plugins' client-side breaks
/// (`clientside.engine`, used by plugins/lib/clientside.lua) both play through it. Host thread only.
public final class ClientSideEngine {
  /// How often a playing ad reports its progress (the player's `timeupdate` rate).
  static let tick = 0.25
  /// A break is reached when the playhead is this close to it: a timer of `offset - now`
  /// seconds may land a microsecond short once rounded to the clock.
  static let reachedTolerance = 1e-6

  /// The player, clock and native tracking the breaks use.
  let services: ClientSideServices
  /// The controller of the integration the breaks are for.
  public let controller: any AdIntegrationController
  /// The integration the engine plays for (`ClientSideAds`, a plugin's engine).
  public weak var delegate: ClientSideEngineDelegate?
  private(set) var breaks: [ClientSideBreak] = []
  /// The soonest break the playhead can reach, kept between `timeupdate`s.
  let schedule = ClientSideSchedule()
  /// The player ad break at each offset: breaks at one offset share it.
  private var adBreaks: [Double: any IntegrationAdBreak] = [:]
  /// Breaks whose offset needs the content's duration (`end`, `N%`), waiting for the content to
  /// start: each is told the duration (`player.duration`'s value) and places itself, or says
  /// why it cannot.
  private var waiting: [(Double) -> Void] = []
  // why: these and `closed`: plain reads and writes that call nothing, on every `timeupdate`.
  @exclusivity(unchecked) public internal(set) var playing: ClientSideRun?
  /// The timer that fires when the playhead reaches the next break.
  @exclusivity(unchecked) var arm: (any ScheduledTimer)?
  @exclusivity(unchecked) private var seeking = false
  /// Whether a break reached by a seek waits for `seeked` (a plugin's engine), or starts at the
  /// seek's `timeupdate` (the host's `csai` ads). The one difference between the two users, kept
  /// so that their logs stay what they were: the break, its ads and their times are the same.
  public var waitsForSeeked = true
  // why: as `playing` above: plain reads and writes that call nothing, on every `timeupdate`.
  @exclusivity(unchecked) private(set) var closed = false
  private var listeners: [ListenerToken] = []
  /// How its listeners and timers reach it (it may go before the player).
  let backlink = Backlink<ClientSideEngine>()

  /// An engine for `controller`'s breaks, on the services' player (`PlaybackEngine`'s
  /// `clientSideServices`): it follows the playhead once `attach`ed.
  public init(services: ClientSideServices, controller: any AdIntegrationController) {
    self.services = services
    self.controller = controller
    backlink.attach(self)
  }

  deinit { backlink.clear() }

  var player: any IntegrationPlayer { services.player }

  /// Adds a break to the schedule and arms the timer for the next one.
  public func add(_ clientBreak: ClientSideBreak) {
    clientBreak.schedule = schedule
    schedule.changed()
    breaks.append(clientBreak)
    armNextBreak()
  }

  /// The player ad break of the breaks at `offset` seconds, if there is one yet.
  public func adBreak(at offset: Double) -> (any IntegrationAdBreak)? { adBreaks[offset] }

  /// The player ad break at `offset` seconds, made by `create` the first time: breaks at one
  /// offset share one player ad break.
  public func adBreak(at offset: Double, create: () throws -> any IntegrationAdBreak) rethrows
    -> any IntegrationAdBreak
  {
    if let existing = adBreaks[offset] { return existing }
    let created = try create()
    adBreaks[offset] = created
    return created
  }

  /// Whether nothing is scheduled or waiting.
  public var isEmpty: Bool { breaks.isEmpty && waiting.isEmpty }

  /// Keeps a break whose offset needs the content's duration until the content starts (or
  /// ends, or `placeWaiting()`): then `place` gets the duration.
  public func whenDurationKnown(_ place: @escaping (Double) -> Void) {
    waiting.append(place)
  }

  /// Places the breaks that waited for the content's duration: NaN without a source, infinity
  /// for live content.
  public func placeWaiting() {
    guard !waiting.isEmpty else { return }
    let places = waiting
    waiting = []
    let duration = player.source == nil ? Double.nan : (player.timeline.duration ?? .infinity)
    for place in places { place(duration) }
  }

  /// The content seconds of a break now: nil for a cue not (yet) there, or a post-roll whose
  /// content has no known end.
  func offset(of clientBreak: ClientSideBreak) -> Double? {
    switch clientBreak.placement {
    case .at(let seconds): return seconds
    case .end:
      guard let duration = player.timeline.duration, duration.isFinite else { return nil }
      return duration
    case .position(let n):
      let starts = Set(player.cues.map(\.startTime)).sorted()
      return n <= starts.count ? starts[n - 1] : nil
    }
  }

  /// A break at or past the content's end plays on `ended`, never on the way.
  func isPostRoll(_ clientBreak: ClientSideBreak) -> Bool {
    clientBreak.placement == .end || offset(of: clientBreak).map(isPostRoll(offset:)) == true
  }

  /// Whether content seconds `offset` are at or past the content's end.
  func isPostRoll(offset: Double) -> Bool {
    guard let duration = player.timeline.duration, duration.isFinite else { return false }
    return offset >= duration
  }

  /// Follows the playhead: a break plays when the content reaches it, after a seek lands, or on
  /// `ended` for post-rolls.
  public func attach() {
    // The player schedules its content timers right after `playing` is dispatched, so a pause
    // from inside that listener would leave them running: act on the next turn of the clock.
    listen(.playing) { engine in
      _ = engine.player.loop.after(0) { [backlink = engine.backlink] in backlink.object?.contentStarted() }
    }
    // A seek reports the new position before `seeked`; decide once the seek is done.
    listen(.seeking) { $0.seeking = true }
    listen(.seeked) { engine in
      engine.seeking = false
      engine.check()
    }
    listen(.timeupdate) { engine in
      if !engine.seeking || !engine.waitsForSeeked { engine.check() }
    }
    listen(.pause) { engine in
      engine.arm?.cancel()
      engine.arm = nil
    }
    listen(.ended) { engine in
      engine.placeWaiting()
      engine.check(includingPostRolls: true)
    }
  }

  private func listen(_ type: EventType, _ body: @escaping (ClientSideEngine) -> Void) {
    listeners.append(
      player.addEventListener(type) { [backlink] _ in
        guard let self = backlink.object, !self.closed else { return }
        body(self)
      })
  }

  private func contentStarted() {
    guard !closed else { return }
    placeWaiting()
    if playing != nil, !player.paused {
      // The content and an ad share one screen: the content waits for the break.
      delegate?.narrate(.pausedAgain)
      player.pause()
      return
    }
    check()
  }

  /// Plays the break the playhead has reached, if any; otherwise arms the timer for the next.
  /// Of the breaks reached that have not played, those at the last offset play; the others were
  /// jumped over and never will.
  func check(includingPostRolls: Bool = false) {
    guard !closed, playing == nil, delegate?.isHolding != true else { return }
    let player = self.player
    if player.paused && !includingPostRolls { return }
    let position = player.currentTime
    // Most calls (every `timeupdate`) reach nothing: the soonest break is still ahead, and is
    // the next one to arm. Known from the last call while the breaks and the duration stay.
    if !includingPostRolls {
      let soonest = soonestBreak(duration: player.timeline.duration)
      guard let soonest, soonest <= position + Self.reachedTolerance else {
        return armTimer(at: soonest, position: position)
      }
    }
    schedule.breaksExamined += breaks.count
    guard breaks.contains(where: { isReached($0, position, includingPostRolls) }) else {
      return armNextBreak(position: position)
    }
    let reached = breaks.compactMap { clientBreak -> (ClientSideBreak, Double)? in
      guard isReached(clientBreak, position, includingPostRolls), let offset = offset(of: clientBreak)
      else { return nil }
      return (clientBreak, offset)
    }
    guard let last = reached.map(\.1).max() else { return armNextBreak(position: position) }
    let jumped = Set(reached.map(\.1).filter { $0 < last }).sorted()
    for (passed, _) in reached { passed.markPlayed(at: max(position, last)) }
    for offset in jumped { delegate?.narrate(.jumpedOver(offset: offset)) }
    play(reached.filter { $0.1 == last }.map(\.0), at: last)
  }

  /// Whether the playhead at `position` reached `clientBreak`, one that has not played.
  private func isReached(_ clientBreak: ClientSideBreak, _ position: Double, _ includingPostRolls: Bool)
    -> Bool
  {
    guard clientBreak.isReady, let offset = offset(of: clientBreak),
      offset <= position + Self.reachedTolerance
    else { return false }
    return includingPostRolls || !isPostRoll(clientBreak)
  }

  /// Sets a timer for the moment the playhead reaches the next break that has not played.
  public func armNextBreak() { armNextBreak(position: nil) }

  /// `armNextBreak()` with the playhead's position when the caller just read it. The timer
  /// already set is kept when it fires where the new one would (the same instant, no timer of
  /// that instant set since): every `timeupdate` arms the same break, and cancelling and setting
  /// it again each time was most of the engine's work per `timeupdate`.
  private func armNextBreak(position known: Double?) {
    guard let (next, position) = nextBreak(position: known) else { return armTimer(at: nil, position: 0) }
    armTimer(at: next, position: position)
  }

  /// Sets the timer for the break at content seconds `next` (none: no timer), the playhead being
  /// at `position`.
  private func armTimer(at next: Double?, position: Double) {
    guard let next else {
      arm?.cancel()
      arm = nil
      return
    }
    if let arm,
      player.loop.firesAsIfSetNow(arm, afterMicros: VirtualTime.micros(next - position), phase: .work)
    {
      return
    }
    arm?.cancel()
    arm = player.loop.after(next - position) { [backlink] in
      backlink.object?.arm = nil
      backlink.object?.check()
    }
  }

  /// The content seconds of the next break that has not played, and the playhead's position,
  /// when a timer should be armed for it.
  private func nextBreak(position known: Double?) -> (next: Double, position: Double)? {
    guard !closed, playing == nil, !player.paused else { return nil }
    let position = known ?? player.currentTime
    if let soonest = soonestBreak(duration: player.timeline.duration), soonest > position {
      return (soonest, position)
    }
    var next: Double?
    for clientBreak in breaks {
      schedule.breaksExamined += 1
      guard clientBreak.isReady, !isPostRoll(clientBreak), let offset = offset(of: clientBreak),
        offset > position
      else { continue }
      next = min(next ?? offset, offset)
    }
    return next.map { ($0, position) }
  }

  /// The content seconds of the soonest break that can be reached on the way (ready, not
  /// played, no post-roll), wherever the playhead is; the content's duration is `duration`.
  /// Looks at the breaks only when they or the duration changed since it was last asked (or a
  /// break sits at a cue, whose times the schedule does not follow).
  private func soonestBreak(duration: Double?) -> Double? {
    if let known = schedule.knownSoonest(duration: duration) { return known }
    var soonest: Double?
    var followsCues = false
    for clientBreak in breaks {
      schedule.breaksExamined += 1
      guard clientBreak.isReady else { continue }
      if case .position = clientBreak.placement { followsCues = true }
      guard !isPostRoll(clientBreak), let offset = offset(of: clientBreak) else { continue }
      soonest = min(soonest ?? offset, offset)
    }
    if followsCues {
      schedule.forget()
    } else {
      schedule.keep(soonest: soonest, duration: duration)
    }
    return soonest
  }

  /// Stops following the playhead and playing: its timers and listeners. The ads stay.
  public func close() {
    closed = true
    stop()
    waiting.removeAll()
    for token in listeners { _ = player.removeEventListener(token) }
    listeners = []
  }

  /// Forgets every break (a new source): the timers stop, the listeners stay.
  func reset() {
    stop()
    breaks.removeAll()
    schedule.changed()
    adBreaks.removeAll()
    waiting.removeAll()
  }

  private func stop() {
    arm?.cancel()
    arm = nil
    playing?.current?.stopTimers()
    playing = nil
  }
}
