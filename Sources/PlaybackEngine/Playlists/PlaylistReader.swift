import Foundation
import HLSKit
import HTTPKit
import PlayerSeam

/// Reads the HLS playlist of each loaded source into the player: the timeline (VOD: the sum of
/// `#EXTINF`; live: no end) and the cues of its ad markers. A live playlist is loaded again
/// about every target duration while the content plays, and its new cues reach the player.
/// Host thread only.
public final class PlaylistReader {
  /// The THEOplayer code of a playlist that could not be loaded (MANIFEST_LOAD_ERROR).
  static let loadErrorCode = 4000
  /// The THEOplayer code of a playlist that could not be parsed (MANIFEST_PARSE_ERROR).
  static let parseErrorCode = 4002

  private let http: HTTPClient
  private unowned let player: any IntegrationPlayer
  private let allowsLive: Bool
  /// Which variant of a multivariant playlist plays.
  private let variant: SegmentOptions.Variant
  /// Seconds behind the live edge where a live playlist starts; nil: its `#EXT-X-START`, else
  /// the start of its window.
  private let liveStart: Double?
  private var generation = 0
  private var refreshTimer: (any ScheduledTimer)?
  /// The warnings logged for this source, so a live playlist's reloads log each one once.
  private var reportedWarnings = Set<String>()
  /// The media playlist being played.
  public private(set) var mediaURL: URL?
  /// The media playlist's timeline so far.
  public private(set) var timeline = HLSTimeline()
  /// Where the playhead started, on the timeline (`PlaylistStart`).
  public private(set) var startPosition = 0.0
  /// Told of each new source (`nil`: not a playlist) and of each load of its media playlist
  /// (the interstitial player).
  var onSource: ((URL?) -> Void)?
  var onLoad: ((HLSTimeline, URL) -> Void)?
  /// The in-band cues of the segments loaded (the segment loader's), which the player's cues
  /// hold beside the playlist's.
  var inbandCues: () -> [Cue] = { [] }

  init(
    player: any IntegrationPlayer, http: HTTPClient, allowsLive: Bool,
    variant: SegmentOptions.Variant = .first, liveStart: Double? = nil
  ) {
    self.player = player
    self.http = http
    self.allowsLive = allowsLive
    self.variant = variant
    self.liveStart = liveStart
  }

  /// Whether a typed source is an HLS playlist: its `type`, or a path ending in `.m3u8`.
  public static func isHLS(_ typed: TypedSource) -> Bool {
    if let type = typed.type?.lowercased() {
      return ["application/x-mpegurl", "application/vnd.apple.mpegurl", "audio/mpegurl"].contains(type)
    }
    guard let src = typed.src, let url = URL(string: src) else { return false }
    return url.path.lowercased().hasSuffix(".m3u8")
  }

  /// `Player.prepareContent`: the timeline of an HLS source from its playlist, else `fallback`.
  func prepare(
    _ source: SourceDescription, fallback: ContentTimeline,
    completion: @escaping (Result<ContentTimeline, any Error>) -> Void
  ) {
    stop()
    generation += 1
    mediaURL = nil
    timeline = HLSTimeline()
    startPosition = 0
    reportedWarnings = []
    onSource?(nil)
    guard let typed = source.sources.first, Self.isHLS(typed) else {
      guard fallback.isLive, !allowsLive else { return completion(.success(fallback)) }
      // The run expected a playlist (the source named one) but the integration loaded other
      // content: without a timeline it would play on forever.
      let message =
        "the source as loaded after setSource (\(source.sources.first?.src ?? "no src")) is no HLS playlist "
        + "and gives no timeline: give the source a duration, pass --duration SECONDS, or --live with --until"
      completion(.failure(PlayerError(message, code: Self.loadErrorCode)))
      return
    }
    guard let src = typed.src, let url = URL(string: src), url.scheme != nil else {
      let text = typed.src ?? "nothing"
      completion(.failure(PlayerError("the source's src is not a URL: \(text)", code: Self.loadErrorCode)))
      return
    }
    let current = generation
    load(url, variantOf: nil) { [weak self] result in
      guard let self, current == self.generation else { return }
      switch result {
      case .failure(let error):
        completion(.failure(error))
      case .success(let (mediaURL, playlist, multivariantStart)):
        if playlist.isLive && !self.allowsLive {
          let message =
            "\(mediaURL.absoluteString) is a live playlist (no #EXT-X-ENDLIST) and the run has no end: "
            + "give --until SECONDS or --realtime"
          completion(.failure(PlayerError(message, code: Self.loadErrorCode)))
          return
        }
        self.mediaURL = mediaURL
        self.logWarnings(playlist)
        self.timeline.merge(playlist)
        self.startPosition = PlaylistStart.position(
          of: playlist, multivariantStart: multivariantStart, behindLiveEdge: self.liveStart)
        self.player.setCues(self.cues)
        self.onSource?(mediaURL)
        self.onLoad?(self.timeline, mediaURL)
        self.player.dispatch(.loadedmetadata, cue: nil)
        let content: ContentTimeline = playlist.isLive ? .live : .vod(self.timeline.end)
        completion(.success(content.starting(at: self.startPosition)))
        if playlist.isLive { self.scheduleRefresh(generation: current) }
      }
    }
  }

  /// Stops refreshing and forgets the playlist (the source loaded is not HLS).
  func forget() {
    stop()
    generation += 1
    mediaURL = nil
    timeline = HLSTimeline()
    startPosition = 0
  }

  /// Stops refreshing (a new source, the player destroyed).
  func stop() {
    refreshTimer?.cancel()
    refreshTimer = nil
  }

  /// What reading the playlist dropped (a date range it cannot read), as `playlist-warning`
  /// entries (`url`, `line`, `message`), each once per source.
  private func logWarnings(_ playlist: HLSMediaPlaylist) {
    logWarnings(playlist.warnings, url: playlist.url)
  }

  private func logWarnings(_ warnings: [HLSParseError], url: URL) {
    for warning in warnings where reportedWarnings.insert(warning.message).inserted {
      var fields = JSONObject([("url", .string(url.absoluteString))])
      if let line = warning.line { fields["line"] = .number(Double(line)) }
      fields["message"] = .string(warning.message)
      player.appendLog(.playlistWarning, fields: fields)
    }
  }

  /// The cues as the player's.
  var cues: [Cue] { Self.cues(of: timeline) }

  /// The cues of a playlist's timeline as the player's.
  static func cues(of timeline: HLSTimeline) -> [Cue] {
    timeline.cues.map { cue in
      Cue(
        id: cue.id, startTime: cue.startTime, endTime: cue.endTime, cueClass: cue.cueClass,
        kind: cue.kind.rawValue,
        attributes: JSONObject(cue.attributes.map { ($0.name, JSONValue.string($0.value)) }))
    }
  }

  private func scheduleRefresh(generation current: Int) {
    let interval = max(1, timeline.targetDuration)
    refreshTimer = player.loop.after(interval) { [weak self] in
      guard let self, current == self.generation else { return }
      self.refreshTimer = nil
      self.refresh(generation: current)
    }
  }

  private func refresh(generation current: Int) {
    guard let url = mediaURL, !player.isDestroyed, player.fatalError == nil, player.isLoaded else { return }
    // A live playlist goes on while an interstitial plays (the primary content waits, paused).
    guard !player.paused || player.playingInterstitial else {
      scheduleRefresh(generation: current)
      return
    }
    fetch(url) { [weak self] result in
      guard let self, current == self.generation, self.player.isLoaded else { return }
      switch result {
      case .success(.media(let playlist)):
        self.logWarnings(playlist)
        self.timeline.merge(playlist)
        self.player.setCues(self.cues + self.inbandCues())
        self.onLoad?(self.timeline, url)
        if playlist.hasEndList {
          self.player.setTimeline(.vod(self.timeline.end))
          return
        }
      case .success(.multivariant):
        self.logFailure(url, "the media playlist became a multivariant playlist")
      case .failure(let error):
        self.logFailure(url, error.message)
      }
      self.scheduleRefresh(generation: current)
    }
  }

  private func logFailure(_ url: URL, _ message: String) {
    player.appendLog(
      .playlistError,
      fields: JSONObject([("url", .string(url.absoluteString)), ("message", .string(message))]))
  }

  /// Loads a media playlist, following a multivariant playlist to its first variant; with the
  /// multivariant playlist's `#EXT-X-START`.
  private func load(
    _ url: URL, variantOf parent: URL?,
    completion: @escaping (Result<(URL, HLSMediaPlaylist, HLSStart?), PlayerError>) -> Void
  ) {
    fetch(url) { [weak self] result in
      switch result {
      case .failure(let error):
        completion(.failure(error))
      case .success(.media(let playlist)):
        completion(.success((url, playlist, nil)))
      case .success(.multivariant(let multivariant)):
        let picked = self.map { SegmentOptions.pick($0.variant, from: multivariant.variants) } ?? nil
        guard parent == nil, let first = picked else {
          let problem =
            parent != nil
            ? "a variant that is itself multivariant"
            : multivariant.variants.isEmpty
              ? "a multivariant playlist without variants"
              : "no variant matches the choice \(self.map { "\($0.variant)" } ?? "") "
                + "(it lists \(multivariant.variants.count))"
          completion(
            .failure(
              PlayerError(
                "the playlist \(url.absoluteString) cannot be played: \(problem)", code: Self.parseErrorCode))
          )
          return
        }
        self?.logWarnings(multivariant.warnings, url: url)
        self?.load(first.url, variantOf: url) { result in
          completion(result.map { ($0.0, $0.1, multivariant.start) })
        }
      }
    }
  }

  /// GETs and parses a playlist; the completion runs on the host thread.
  private func fetch(_ url: URL, completion: @escaping (Result<HLSPlaylist, PlayerError>) -> Void) {
    let request = HTTPRequest(url: url, timeout: http.timeout, kind: .playlist)
    player.loop.startWork("playlist \(url.absoluteString)") { done in
      http.send(request) { done(Self.playlist($0, url: url)) }
    } completion: {
      completion($0)
    }
  }

  private static func playlist(_ result: Result<HTTPResponse, HTTPError>, url: URL) -> Result<
    HLSPlaylist, PlayerError
  > {
    let name = url.absoluteString
    switch result {
    case .failure(let error):
      return .failure(PlayerError("cannot load the playlist \(name): \(error)", code: loadErrorCode))
    case .success(let response) where !response.isSuccess:
      return .failure(
        PlayerError("cannot load the playlist \(name): HTTP \(response.status)", code: loadErrorCode))
    case .success(let response):
      do {
        return .success(try HLSParser.parse(response.body, url: response.url))
      } catch {
        return .failure(PlayerError("the playlist \(name) cannot be read: \(error)", code: parseErrorCode))
      }
    }
  }
}
