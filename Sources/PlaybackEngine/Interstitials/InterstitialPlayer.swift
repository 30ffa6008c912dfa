import Foundation
import HLSKit
import PlayerSeam

/// Plays the HLS interstitials of the content (draft-pantos-hls-rfc8216bis, Appendix D) in the
/// headless player: the primary content pauses where one is scheduled, its assets play on the
/// clock (their durations from their playlists), and the primary content resumes at the resume
/// offset. Seeks obey `X-RESTRICT`; `CUE` places pre- and post-rolls and `ONCE`. Plugins follow
/// it through the `interstitial…` player events. Host thread only.
public final class InterstitialPlayer {
  unowned let player: any IntegrationPlayer
  let loader: InterstitialLoader
  /// How each asset's media plays: on the clock, or in a real engine.
  let assets: any InterstitialAssetPlayback
  /// The interstitials known, by time.
  private(set) var scheduled: [ScheduledInterstitial] = []
  private var byId: [String: ScheduledInterstitial] = [:]
  private var reportedErrors: Set<String> = []
  /// The interstitial playing, if any.
  var run: InterstitialRun?
  /// Those due at the same instant, still to play after `run`.
  var queue: [(interstitial: ScheduledInterstitial, startOffset: Double)] = []
  /// Where the primary content resumes once the queue is done (nil: where it paused).
  var resumePoint: Double?
  /// Where the content stood and the clock when the queue began (a live pre-roll's content
  /// resumes as far on as the clock went).
  var queueBegan = (content: 0.0, clock: 0.0)
  /// Whether the queue is pre-rolls (nothing at the resumption point has played).
  var queueOfPreRolls = false
  /// Whether the primary content plays again after the queue (not after a post-roll).
  var resumesPrimary = true
  var timer: (any ScheduledTimer)?
  /// Mid-roll interstitials after this position (µs) play when the playhead reaches them.
  var cursorMicros: Int64 = -1
  /// Whether the primary content began playing (pre-rolls played) since the source loaded or ended.
  var started = false
  /// Where the primary content stood when play was asked before it began: a VOD pre-roll's
  /// content resumes there (a real engine plays some frames before it says it plays).
  var contentStart: Double?
  /// `_HLS_primary_id`: one value for every interstitial request of a playback session.
  private(set) var primaryId = ""
  private var sessions = 0
  /// The player is moving the playhead or pausing on the interstitial player's behalf.
  var acting = false
  /// The seek under way is the interstitial player's own (its `seeked` may come after `acting`).
  var ownSeek = false
  /// The content position at the last event, the clock then, and whether it was playing.
  var anchor = (position: 0.0, clock: 0.0, playing: false)
  var seekOrigin = 0.0
  var segments: [HLSSegment] = []
  var isLive = false
  /// A DASH source's MPD URL, which in-band Alternative-MPD requests resolve against.
  var mpdURL: URL?
  /// How its listeners, timers and loads reach it (it may go before the player).
  let backlink = Backlink<InterstitialPlayer>()

  init(player: any IntegrationPlayer, loader: InterstitialLoader, assets: any InterstitialAssetPlayback) {
    self.player = player
    self.loader = loader
    self.assets = assets
    backlink.attach(self)
    let backlink = backlink
    player.addEventListener(.playing) { _ in backlink.object?.playing() }
    player.addEventListener(.play) { _ in backlink.object?.playAsked() }
    player.addEventListener(.pause) { _ in backlink.object?.paused() }
    player.addEventListener(.timeupdate) { _ in backlink.object?.note() }
    player.addEventListener(.seeking) { _ in backlink.object?.seeking() }
    player.addEventListener(.seeked) { _ in backlink.object?.seeked() }
    player.addEventListener(.ended) { _ in backlink.object?.contentEnded() }
    player.addEventListener(.error) { _ in backlink.object?.stop() }
    player.addEventListener(.addcue) { event in
      if let cue = event.cue { backlink.object?.inbandCue(cue) }
    }
  }

  deinit { backlink.clear() }

  /// A new source: forget the old one's interstitials.
  public func reset(mediaURL: URL?) {
    stop()
    scheduled = []
    byId = [:]
    mpdURL = nil
    reportedErrors = []
    started = false
    contentStart = nil
    cursorMicros = -1
    anchor = (0, player.loop.now, false)
    sessions += 1
    primaryId = Self.primaryId(for: mediaURL?.absoluteString ?? "", session: sessions)
  }

  /// A load of the playlist: its interstitials (new ones scheduled, known ones updated) and the
  /// errors of those that cannot play, each reported once as `interstitialerror`.
  func update(_ timeline: HLSTimeline, baseURL: URL) {
    segments = timeline.segments
    isLive = !timeline.hasEnded
    let (found, errors) = HLSInterstitial.interstitials(in: timeline.cues, baseURL: baseURL)
    for error in errors where reportedErrors.insert(error.description).inserted {
      player.emit(
        .interstitialerror,
        detail: JSONObject([("message", .string("the playlist \(baseURL.absoluteString): \(error)"))]))
    }
    schedule(found, format: .hls)
  }

  /// A media playlist a player's own engine fetched from `url`, read into `playlists` first:
  /// its interstitials, as a load of the headless player's (`update`).
  public func update(fetched playlists: FetchedPlaylists, url: URL) {
    guard let timeline = playlists.timeline(of: url) else { return }
    update(timeline, baseURL: url)
  }

  /// Schedules new interstitials and updates known ones (by id).
  func schedule(_ found: [HLSInterstitial], format: ScheduledInterstitial.Format) {
    for interstitial in found {
      let time =
        interstitial.snap.contains(.out) && !interstitial.triggers.contains(.pre)
          && !interstitial.triggers.contains(.post)
        ? ScheduledInterstitial.snap(interstitial.startTime, to: segments) : interstitial.startTime
      if let known = byId[interstitial.id] {
        let limitChanged = known.interstitial.playoutLimit != interstitial.playoutLimit
        known.interstitial = interstitial
        if let run, run.scheduled === known {
          if limitChanged { self.limitChanged(run) }
        } else {
          known.time = time
        }
      } else {
        let entry = ScheduledInterstitial(interstitial, time: time, format: format)
        byId[interstitial.id] = entry
        scheduled.append(entry)
      }
    }
    scheduled.sort { $0.time < $1.time }
    arm()
  }

  /// A repeatable `_HLS_primary_id` (UUID form) for a session of a media playlist, so that a
  /// run's requests match a recording.
  static func primaryId(for text: String, session: Int) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in "\(session):\(text)".utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    let high = String(hash, radix: 16).leftPadded(16)
    let low = String(hash.byteSwapped ^ 0x5bd1_e995_5bd1_e995, radix: 16).leftPadded(16)
    let hex = Array((high + low).uppercased())
    let groups = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(hex[$0]) }
    return groups.joined(separator: "-")
  }

  // MARK: Following the primary content

  /// Notes the position (to know where a seek came from).
  func note() {
    // Read once: each read of the unowned player retains and releases it (on every `timeupdate`).
    let player = self.player
    anchor = (player.currentTime, player.loop.now, !player.paused)
  }

  private var position: Double {
    anchor.position + (anchor.playing ? player.loop.now - anchor.clock : 0)
  }

  private func playing() {
    note()
    guard run == nil else { return holdPrimary() }
    guard !started else { return arm() }
    started = true
    let here = player.currentTime
    cursorMicros = VirtualTime.micros(here) - 1
    let pre = scheduled.filter { $0.isPre && $0.mayPlay }.map { ($0, 0.0) }
    // Pre-rolls first: on a live stream the content then joins where the edge has got to.
    if !pre.isEmpty { return start(pre, resumingPrimary: true) }
    // A live stream joined inside an interstitial plays it from there (`_HLS_start_offset`).
    guard let joined = joinedInside(at: here) else { return arm() }
    start([joined], resumingPrimary: true)
  }

  private func playAsked() {
    if !started, run == nil, player.isLoaded { contentStart = player.currentTime }
    holdPrimary()
  }

  /// The content stays paused while an interstitial plays, even if play is pressed.
  private func holdPrimary() {
    guard run != nil, !acting, !player.paused else { return }
    pausePrimary()
  }

  private func paused() {
    note()
    timer?.cancel()
    timer = nil
  }

  private func contentEnded() {
    note()
    started = false
    guard run == nil else { return }
    let posts = scheduled.filter { $0.isPost && $0.mayPlay }.map { ($0, 0.0) }
    guard !posts.isEmpty else { return }
    start(posts, resumingPrimary: false)
  }

  /// Arms a timer for the next mid-roll ahead while the content plays.
  func arm() {
    timer?.cancel()
    timer = nil
    guard run == nil, started, !player.paused, player.isLoaded, player.fatalError == nil else { return }
    let cursor = cursorMicros
    guard
      let next = scheduled.first(where: { $0.isMidRoll && $0.mayPlay && VirtualTime.micros($0.time) > cursor }
      )
    else { return }
    let delay = max(0, VirtualTime.micros(next.time) - VirtualTime.micros(player.currentTime))
    timer = player.loop.afterMicros(delay) { [backlink] in
      backlink.object?.timer = nil
      backlink.object?.reached()
    }
  }

  /// The playhead reached a mid-roll: it plays, with any others due at the same time.
  private func reached() {
    guard run == nil, !player.paused else { return }
    let here = VirtualTime.micros(player.currentTime)
    let cursor = cursorMicros
    let due = scheduled.filter {
      $0.isMidRoll && $0.mayPlay && VirtualTime.micros($0.time) > cursor
        && VirtualTime.micros($0.time) <= here
    }
    cursorMicros = here
    guard !due.isEmpty else { return arm() }
    start(due.map { ($0, 0.0) }, resumingPrimary: true)
  }

  /// Pauses or moves the primary content on the interstitial player's own behalf.
  func acting(_ body: () -> Void) {
    let was = acting
    acting = true
    body()
    acting = was
  }

  func pausePrimary() { acting { player.pause() } }

  func stop() {
    timer?.cancel()
    timer = nil
    run?.assetTimer?.cancel()
    if run?.current != nil { assets.stop() }
    run = nil
    queue = []
    player.playingInterstitial = false
  }
}

extension String {
  fileprivate func leftPadded(_ width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}
