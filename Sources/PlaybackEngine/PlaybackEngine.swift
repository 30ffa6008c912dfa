import DASHKit
import Foundation
import HTTPKit
import OutsideText
import PlayerSeam

/// What a playback engine needs to know before it starts.
public struct PlaybackEngineOptions {
  /// The HTTP client every request goes through (its transport decides live, offline or
  /// recording).
  public var http: HTTPClient
  /// Whether each tracked VAST ad's media file is requested (its first bytes) as the ad begins,
  /// as a player would start loading it, and a failure reported.
  public var checksMedia = false
  /// The verification vendors whose scripts may load; any other vendor's verification is
  /// rejected (`verificationNotExecuted` with reason 1). All may when nil.
  public var verificationVendors: Set<String>?
  /// Faults to inject into every request; none when nil.
  public var faults: FaultPlan?
  /// Whether every request goes into the log as a `request` entry (its secrets redacted), as
  /// `adhost test` asks for its `requests` expectations; off by default.
  public var logsRequests = false
  /// The content timeline when nothing else gives one.
  public var defaultTimeline: ContentTimeline = .live
  /// Whether an HLS source's timeline, cues and interstitials come from its playlist and a DASH
  /// source's from its MPD (fetched with `http`); when false every source gets
  /// `defaultTimeline`.
  public var readsPlaylists = true
  /// Whether a live playlist may play; when false (a run that would never end) it is a fatal
  /// player error that says to give the run an end.
  public var allowsLivePlaylists = true
  /// How the media segments of an HLS source are loaded (docs/media.md "Segments in virtual
  /// time"); nil: they are not, and the playlist's timeline plays alone.
  public var segments: SegmentOptions?
  /// The wall-clock date of virtual time 0, for `[TIMESTAMP]` and an MPD's
  /// `availabilityStartTime` (fix it for repeatable beacons).
  public var startDate = Date()
  /// Where live content starts, in seconds behind the live edge (hls.js `liveSyncDuration`,
  /// THEOplayer's `liveOffset`): a live HLS playlist at the end of its last segment less this,
  /// within its window; a dynamic MPD this far behind the wall clock, instead of its
  /// `suggestedPresentationDelay`. nil: a live playlist starts at its `#EXT-X-START`, else at the
  /// start of its window (docs/media.md "Where a live stream starts").
  public var liveStart: Double?

  /// Options with this HTTP client and the defaults for the rest.
  public init(http: HTTPClient) { self.http = http }
}

/// What a player does for ads besides playing content, on any `IntegrationPlayer` and without
/// Lua: reads HLS playlists and DASH MPDs into the player (timeline, cues), plays the HLS
/// interstitials of a playlist, plays the client-side ads of `SourceDescription.ads` (VAST tags
/// and VMAP schedules, integration `csai`), tracks VAST ads natively (beacons, verifications,
/// media checks, clicks), and puts injected faults and requests an offline recording cannot
/// answer into the run's log. `PluginHost` binds it into Lua; an app can use it alone
/// (docs/embedding.md). Host thread only.
public final class PlaybackEngine {
  /// The player the engine drives.
  public let player: any IntegrationPlayer
  /// The player's scheduler (the host thread's clock and queue).
  public var loop: any IntegrationScheduler { player.loop }
  /// The client every request goes through: the options' client, its unmatched offline
  /// requests and injected faults logged (and every request, with `logsRequests`).
  public let http: HTTPClient
  /// The wall-clock date of virtual time 0, for `[TIMESTAMP]`.
  let startDate: Date
  /// Whether a VAST ad's media file is requested as it begins.
  let checksMedia: Bool
  /// The vendors whose verification scripts may load; all when nil.
  let verificationVendors: Set<String>?
  /// Native VAST trackers of tracked ads, by ad.
  /// Keyed by `Ad.serial`, never reused (an `ObjectIdentifier` is: a later ad at a freed ad's
  /// address inherited its beacons); an ad's tracker goes when the ad is removed.
  var trackers: [UInt64: AdTracking] = [:]
  /// The SVTA creative-signaling trackers of tracked ads, by `Ad.serial` as `trackers`.
  var signalingTrackers: [UInt64: (tracker: CreativeSignalingTracker, adId: String)] = [:]
  /// Counts macro contexts, for repeatable `[CACHEBUSTING]` values.
  var macroCounter = 0
  /// Plays `SourceDescription.ads`.
  private(set) var clientSideAds: ClientSideAds?
  /// Reads HLS playlists into the player (nil when playlists are not read).
  public private(set) var playlists: PlaylistReader?
  /// Plays the HLS interstitials of the playlist (nil when playlists are not read).
  public private(set) var interstitials: InterstitialPlayer?
  /// Reads DASH MPDs into the player (nil when playlists are not read).
  public private(set) var mpds: MPDReader?
  /// Loads the segments of the HLS media playlist or DASH Representations playing (nil when
  /// segments are not loaded).
  private(set) var segments: SegmentLoader?
  /// How many segments the segment loader looked at to find the next one to load, over the
  /// engine's life, for tests that count the work (one per `timeupdate` at most, not the list).
  public var segmentsExamined: Int { segments?.segmentsExamined ?? 0 }

  /// An engine on `player` (fresh: no integration registered yet): it listens to the player
  /// for native tracking, reads its playlists (with `readsPlaylists`) and registers the
  /// client-side ads' integration (`ClientSideAds.integration`), which throws if it cannot.
  public init(player: any IntegrationPlayer, options: PlaybackEngineOptions) throws {
    self.player = player
    let logged = InjectedFaultLog.wrapping(
      UnmatchedRequestLog.wrapping(options.http, player: player), plan: options.faults, player: player)
    http =
      options.logsRequests
      ? RequestLog.wrapping(logged, player: player, redaction: SecretRedaction()) : logged
    startDate = options.startDate
    checksMedia = options.checksMedia
    verificationVendors = options.verificationVendors
    startNativeTracking()
    readPlaylists(options)
    clientSideAds = try ClientSideAds(engine: self)
  }

  /// The id of the engine's own integration (client-side ads), which no other may register.
  public static var integration: String { ClientSideAds.integration }

  /// Plays the player's HLS interstitials, their lists and playlists loaded through this engine's
  /// client and their media played by `assets`. The headless player's come with `readsPlaylists`;
  /// a player whose own engine fetches the playlists (the GStreamer player) calls this and hands
  /// the interstitial player each media playlist it read (`update`) and each new source (`reset`).
  @discardableResult
  public func playInterstitials(with assets: any InterstitialAssetPlayback) -> InterstitialPlayer {
    let interstitialPlayer = InterstitialPlayer(
      player: player, loader: InterstitialLoader(player: player, http: http), assets: assets)
    interstitials = interstitialPlayer
    return interstitialPlayer
  }

  /// Makes the player read HLS playlists (and play their interstitials) and DASH MPDs with
  /// the options' settings.
  private func readPlaylists(_ options: PlaybackEngineOptions) {
    guard options.readsPlaylists else { return }
    let reader = PlaylistReader(
      player: player, http: http, allowsLive: options.allowsLivePlaylists,
      variant: options.segments?.variant ?? .first, liveStart: options.liveStart)
    playlists = reader
    let interstitialPlayer = playInterstitials(with: ClockAssetPlayback(loop: player.loop))
    let loader = options.segments.flatMap { segmentOptions in
      segmentOptions.enabled
        ? SegmentLoader(
          player: player, http: http,
          offline: options.http.transport as? OfflineTransport,
          options: segmentOptions) : nil
    }
    segments = loader
    let mpdReader = MPDReader(
      player: player, http: http, allowsLive: options.allowsLivePlaylists, startDate: options.startDate,
      liveDelay: options.liveStart)
    mpds = mpdReader
    // Backlinks, not weak references, to the objects that hear every `timeupdate` (see `Backlink`).
    let loaderLink = loader?.backlink
    mpdReader.inbandCues = { loaderLink?.object?.cues ?? [] }
    if let loader { DASHSegmentPlan.connect(mpdReader, to: loader, variant: loader.options.variant) }
    reader.inbandCues = { loaderLink?.object?.cues ?? [] }
    let interstitialLink = interstitialPlayer.backlink
    reader.onSource = { url in
      interstitialLink.object?.reset(mediaURL: url)
      loaderLink?.object?.reset()
    }
    reader.onLoad = { [weak reader] timeline, url in
      interstitialLink.object?.update(timeline, baseURL: url)
      loaderLink?.object?.update(timeline, from: reader?.startPosition ?? 0)
    }
    mpdReader.onEventsSource = { interstitialLink.object?.reset(mediaURL: nil) }
    mpdReader.onEventsLoad = { [weak mpdReader] in
      guard let mpdReader, let url = mpdReader.url else { return }
      interstitialLink.object?.update(
        mpdReader.timeline.periods, origin: mpdReader.origin,
        isLive: mpdReader.timeline.latest?.type == .live,
        mpdURL: url)
    }
    readPlaylists(with: reader, mpds: mpdReader, fallback: options.defaultTimeline)
  }
}
