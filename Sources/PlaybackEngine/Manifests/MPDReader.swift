import DASHKit
import Foundation
import HTTPKit
import PlayerSeam

/// Reads the MPD of each loaded DASH source into the player: the content timeline from its
/// Periods and cues for its Periods and Events (`MPDCues`). A `dynamic` MPD is reloaded every
/// `minimumUpdatePeriod` while the content plays; new Periods and Events become cues.
///
/// Content time is presentation time less `origin`: 0 for a `static` MPD (content time is
/// presentation time), and for a `dynamic` one the live point at the first load — the wall clock
/// (the run's start date plus virtual time) less `availabilityStartTime` less
/// `suggestedPresentationDelay` — so a live run joins at the live edge. Host thread only.
public final class MPDReader {
  private let http: HTTPClient
  private unowned let player: any IntegrationPlayer
  private let allowsLive: Bool
  private let startDate: Date
  /// Seconds behind the live edge a dynamic MPD starts (the run's live start); nil: its
  /// `suggestedPresentationDelay`.
  private let liveDelay: Double?
  private var generation = 0
  private var refreshTimer: (any ScheduledTimer)?
  private var reportedIssues: Set<String> = []
  /// The MPD's URL (its `Location` once one was given).
  public private(set) var url: URL?
  /// The MPD's Periods so far.
  public private(set) var timeline = MPDTimeline()
  /// The presentation time (seconds; from `availabilityStartTime` when dynamic) of content time 0.
  public private(set) var origin: Double = 0
  /// Called as a new source is prepared, and after each load of the MPD (the segment loader's
  /// hooks: `DASHSegmentPlan.connect`).
  var onSource: (() -> Void)?
  var onLoad: (() -> Void)?
  /// Called as a new source is prepared, and after each load of the MPD (the interstitial
  /// player's hooks, for Alternative-MPD events).
  var onEventsSource: (() -> Void)?
  var onEventsLoad: (() -> Void)?
  /// The in-band cues of the segments loaded, which the player's cues hold beside the MPD's.
  var inbandCues: () -> [Cue] = { [] }

  init(
    player: any IntegrationPlayer, http: HTTPClient, allowsLive: Bool, startDate: Date,
    liveDelay: Double? = nil
  ) {
    self.player = player
    self.http = http
    self.allowsLive = allowsLive
    self.startDate = startDate
    self.liveDelay = liveDelay
  }

  /// Whether a typed source is a DASH MPD: its `type` (`application/dash+xml`), or a path
  /// ending in `.mpd`.
  public static func isDASH(_ typed: TypedSource) -> Bool {
    if let type = typed.type?.lowercased() { return type == "application/dash+xml" }
    guard let src = typed.src, let url = URL(string: src) else { return false }
    return url.path.lowercased().hasSuffix(".mpd")
  }

  /// `Player.prepareContent` for a DASH source.
  func prepare(
    _ source: SourceDescription, completion: @escaping (Result<ContentTimeline, any Error>) -> Void
  ) {
    forget()
    onSource?()
    onEventsSource?()
    guard let src = source.sources.first?.src, let url = URL(string: src), url.scheme != nil else {
      let text = source.sources.first?.src ?? "nothing"
      return completion(
        .failure(PlayerError("the source's src is not a URL: \(text)", code: Self.loadErrorCode)))
    }
    let current = generation
    fetch(url) { [weak self] result in
      guard let self, current == self.generation else { return }
      switch result {
      case .failure(let error):
        completion(.failure(error))
      case .success(let mpd):
        if mpd.type == .live && !self.allowsLive {
          let message =
            "\(url.absoluteString) is a dynamic MPD (live) and the run has no end: give --until SECONDS or --realtime"
          return completion(.failure(PlayerError(message, code: Self.loadErrorCode)))
        }
        self.url = url
        self.origin = mpd.type == .live ? self.livePoint(mpd) : 0
        guard mpd.type == .live || mpd.end != nil else {
          let message =
            "the static MPD \(url.absoluteString) gives no duration: expected mediaPresentationDuration "
            + "or a last Period with a duration"
          return completion(.failure(PlayerError(message, code: Self.parseErrorCode)))
        }
        self.apply(mpd)
        self.player.dispatch(.loadedmetadata, cue: nil)
        completion(.success(self.contentTimeline(mpd)))
        if mpd.type == .live { self.scheduleRefresh(generation: current) }
      }
    }
  }

  /// Stops refreshing and forgets the MPD (a new source, the player destroyed).
  func forget() {
    stop()
    generation += 1
    url = nil
    timeline = MPDTimeline()
    origin = 0
    reportedIssues = []
  }

  /// Stops refreshing.
  func stop() {
    refreshTimer?.cancel()
    refreshTimer = nil
  }

  /// The wall clock now, as presentation time of a dynamic MPD: now − availabilityStartTime −
  /// the run's live start, else suggestedPresentationDelay; at least 0.
  private func livePoint(_ mpd: MPD) -> Double {
    let now = startDate.timeIntervalSince1970 + player.loop.now
    let point = now - (mpd.availabilityStartTime ?? now) - (liveDelay ?? mpd.suggestedPresentationDelay ?? 0)
    return point.isFinite ? max(0, point) : 0
  }

  /// The live edge of a dynamic MPD in presentation time (the wall clock − `availabilityStartTime`);
  /// nil for a static one.
  func liveEdge(_ mpd: MPD) -> Double? {
    guard mpd.type == .live, let start = mpd.availabilityStartTime else { return nil }
    let edge = startDate.timeIntervalSince1970 + player.loop.now - start
    return edge.isFinite ? edge : nil
  }

  /// The cues of the MPD's Periods and Events.
  var cues: [Cue] { MPDCues.cues(timeline.periods, origin: origin) }

  /// An `mpd-issue` entry, once per message per source.
  func note(_ issue: String) {
    guard reportedIssues.insert(issue).inserted else { return }
    player.appendLog(
      .mpdIssue,
      fields: JSONObject([("url", .string(url?.absoluteString ?? "")), ("message", .string(issue))]))
  }

  private func contentTimeline(_ mpd: MPD) -> ContentTimeline {
    guard mpd.type == .onDemand, let end = mpd.end else { return .live }
    return .vod(end - origin)
  }

  private func apply(_ mpd: MPD) {
    timeline.merge(mpd)
    player.setCues(cues + inbandCues())
    for issue in mpd.issues { note(issue) }
    onLoad?()
    onEventsLoad?()
  }

  private func scheduleRefresh(generation current: Int) {
    // Without minimumUpdatePeriod a dynamic MPD does not change (ISO/IEC 23009-1 §5.4).
    guard let period = timeline.latest?.minimumUpdatePeriod else { return }
    refreshTimer = player.loop.after(max(1, period)) { [weak self] in
      guard let self, current == self.generation else { return }
      self.refreshTimer = nil
      self.refresh(generation: current)
    }
  }

  private func refresh(generation current: Int) {
    guard var target = url, !player.isDestroyed, player.fatalError == nil, player.isLoaded else { return }
    guard !player.paused else { return scheduleRefresh(generation: current) }
    if let location = timeline.latest?.location, let moved = URL(string: location, relativeTo: target) {
      target = moved.absoluteURL
    }
    fetch(target) { [weak self] result in
      guard let self, current == self.generation, self.player.isLoaded else { return }
      switch result {
      case .success(let mpd):
        self.url = target
        self.apply(mpd)
        if mpd.type == .onDemand {
          // The live presentation ended: it is on demand from here, up to its end.
          if let end = mpd.end { self.player.setTimeline(.vod(max(0, end - self.origin))) }
          return
        }
      case .failure(let error):
        self.player.appendLog(
          .mpdError,
          fields: JSONObject([("url", .string(target.absoluteString)), ("message", .string(error.message))]))
      }
      self.scheduleRefresh(generation: current)
    }
  }

  /// GETs and parses an MPD; the completion runs on the host thread.
  private func fetch(_ url: URL, completion: @escaping (Result<MPD, PlayerError>) -> Void) {
    let request = HTTPRequest(url: url, timeout: http.timeout, kind: .playlist)
    player.loop.startWork("mpd \(url.absoluteString)") { done in
      http.send(request) { done(Self.mpd($0, url: url)) }
    } completion: {
      completion($0)
    }
  }

  static let loadErrorCode = 4000
  static let parseErrorCode = 4002

  private static func mpd(_ result: Result<HTTPResponse, HTTPError>, url: URL) -> Result<MPD, PlayerError> {
    let name = url.absoluteString
    switch result {
    case .failure(let error):
      return .failure(PlayerError("cannot load the MPD \(name): \(error)", code: loadErrorCode))
    case .success(let response) where !response.isSuccess:
      return .failure(
        PlayerError("cannot load the MPD \(name): HTTP \(response.status)", code: loadErrorCode))
    case .success(let response):
      do {
        return .success(try MPDParser.parse(response.body))
      } catch {
        return .failure(PlayerError("the MPD \(name) cannot be read: \(error)", code: parseErrorCode))
      }
    }
  }
}
