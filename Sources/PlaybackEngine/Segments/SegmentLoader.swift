import CheckedNumbers
import Foundation
import HLSKit
import HTTPKit
import MediaKit
import PlayerSeam

/// Loads the media segments of the HLS media playlist or DASH Representations playing, in virtual time, and turns their
/// timed metadata into cues (docs/media.md "Segments in virtual time"): a forward buffer of
/// `SegmentOptions.forwardBuffer` seconds ahead of the playhead, one segment at a time, through
/// the engine's HTTP client (so recordings, offline replays, faults and the transport policy
/// apply). Each load is a `segment` log entry; a segment that still fails after its retries is a
/// `segmenterror` entry and a gap that playback goes over. When the playhead reaches the end of
/// what is loaded the content waits (`waiting`) until the next segment arrives (`playing`).
/// Host thread only.
final class SegmentLoader {
  unowned let player: any IntegrationPlayer
  let options: SegmentOptions
  let fetch: SegmentFetch
  /// An offline replay's recording, asked once whether it has segments at all; nil when not
  /// offline.
  private let offline: OfflineTransport?
  /// How its listeners, timers and loads reach it (it may go before the player).
  let backlink = Backlink<SegmentLoader>()

  var generation = 0
  /// The media playlist's segments (its latest window, live).
  var segments: [LoadSegment] = []
  /// Content seconds loaded: `[bufferStart, bufferedEnd)`.
  var bufferStart = 0.0
  var bufferedEnd = 0.0
  /// Whether a segment (or its init segment) is being loaded.
  var loading = false
  /// The last segment loaded, for the timestamp domain of the next.
  private var lastLoaded: LoadSegment?
  /// Content time minus media time in the current timestamp domain (from the first segment loaded
  /// in it: hls.js's `initPTS`).
  private var anchor: Double?
  /// The previous segment's first 90 kHz timestamp, unwrapped (a TS segment's are read near it).
  private var ptsReference: Int64?
  /// Init segments read, by URL and range.
  private var inits: [String: BMFFInit] = [:]
  /// The in-band cues held, by start (the player's cues hold them beside the playlist's).
  var inband = InbandCueStore()
  var cues: [Cue] { inband.cues }
  /// Where `pump` looks for the next segment from (`SegmentLoader+Cursor.swift`), and the
  /// segments it looked at, for tests that count the work.
  var cursor = 0
  var segmentsExamined = 0
  /// What the media reader found wrong in the segments, logged.
  private var issueLog = SegmentIssueLog()
  var dryTimer: (any ScheduledTimer)?
  /// Whether the offline recording was found to hold no segments (said once; the playlist plays).
  private(set) var recordingHasNoSegments = false
  private var probed = false
  /// How the source's segments failed, and whether that stopped segment loading for it.
  private let failures: SegmentFailures
  private(set) var abandoned = false

  init(player: any IntegrationPlayer, http: HTTPClient, offline: OfflineTransport?, options: SegmentOptions) {
    self.player = player
    self.options = options
    self.offline = offline
    failures = SegmentFailures(options)
    fetch = SegmentFetch(
      http: Self.capped(http, options.maxBodyBytes), options: options, player: player, failures: failures)
    backlink.attach(self)
    listen()
  }

  // The player may be gone first (the engine holding both lets go of it first), so the listeners
  // are not removed here: they reach the loader through its backlink.
  deinit {
    backlink.clear()
    dryTimer?.cancel()
  }

  /// The client with the segments' own body cap.
  private static func capped(_ http: HTTPClient, _ bytes: Int) -> HTTPClient {
    HTTPClient(
      policy: http.policy, timeout: http.timeout, maxRedirects: http.limits.maxRedirects, maxBodyBytes: bytes,
      transport: http.transport)
  }

  /// Whether segments load now.
  var active: Bool { options.enabled && !recordingHasNoSegments && !abandoned }

  /// Forgets everything of the previous source.
  func reset() {
    generation += 1
    segments = []
    (bufferStart, bufferedEnd, loading) = (0, 0, false)
    (lastLoaded, anchor, ptsReference) = (nil, nil, nil)
    inits = [:]
    inband = InbandCueStore()
    cursor = 0
    issueLog = SegmentIssueLog()
    failures.reset()
    abandoned = false
    dryTimer?.cancel()
    dryTimer = nil
  }

  /// The media playlist was (re)loaded: its segments are the ones to load, the first time from
  /// the one holding `start` (where the playhead starts: `PlaylistStart`).
  func update(_ timeline: HLSTimeline, from start: Double) {
    let list = timeline.segments.map(LoadSegment.init)
    update(list, from: start > (list.first?.startTime ?? 0) ? start : nil)
  }

  /// The segments to load now (a media playlist's, or an MPD's: `DASHSegmentPlan`), by start.
  /// The first list starts the buffer at its first segment, or `atPlayhead` at the one holding
  /// the playhead (a live MPD's window starts before the live point a run joins at).
  func update(_ list: [LoadSegment], atPlayhead: Bool = false) {
    update(list, from: atPlayhead ? player.currentTime : nil)
  }

  /// `update(_:atPlayhead:)` from the segment holding `start` (nil: the first).
  private func update(_ list: [LoadSegment], from start: Double?) {
    let holding = start.flatMap { start in list.last(where: { $0.startTime <= start }) }
    if segments.isEmpty, let first = holding ?? list.first {
      (bufferStart, bufferedEnd) = (first.startTime, first.startTime)
    }
    segments = list
    cursor = 0
    pump()
  }

  /// Starts loading the next segment when the buffer is below its target and none is loading.
  func pump() {
    guard active, !loading, !player.isDestroyed, player.fatalError == nil else { return }
    guard let next = nextToLoad() else { return }
    guard next.startTime < player.currentTime + options.forwardBuffer else { return }
    load(next)
  }

  private func load(_ segment: LoadSegment) {
    if let offline, !probed {
      probed = true
      var request = HTTPRequest(url: segment.url, kind: .segment)
      if let range = segment.byteRange { request.headers["Range"] = range.rangeHeader }
      guard offline.hasAnswer(for: request) else {
        recordingHasNoSegments = true
        player.appendLog(
          .segmentsUnrecorded,
          fields: JSONObject([
            ("url", .string(segment.url.absoluteString)),
            ("message", .string("the recording holds no media segments: the playlist plays without them")),
          ]))
        return
      }
    }
    loading = true
    loadInit(of: segment, generation: generation)
  }

  private func loadInit(of segment: LoadSegment, generation current: Int) {
    guard let map = segment.initSegment else {
      return loadMedia(segment, initSegment: BMFFInit(), generation: current)
    }
    let key = map.url.absoluteString + (map.byteRange?.rangeHeader ?? "")
    if let known = inits[key] { return loadMedia(segment, initSegment: known, generation: current) }
    fetch.load(map.url, range: map.byteRange, kind: .initSegment) { [backlink] answer in
      guard let self = backlink.object, current == self.generation else { return }
      self.logLoad(.initSegment, url: map.url, range: map.byteRange, answer: answer, segment: nil, cues: 0)
      if let failure = answer.failure {
        return self.skip(segment, because: failure, attempts: answer.attempts)
      }
      do {
        let info = try BMFFReader.readInit(answer.body)
        self.inits[key] = info
        self.loadMedia(segment, initSegment: info, generation: current)
      } catch {
        self.skip(
          segment, because: "\(map.url.absoluteString): the init segment cannot be read: \(error)",
          attempts: 1)
      }
    }
  }

  private func loadMedia(_ segment: LoadSegment, initSegment: BMFFInit, generation current: Int) {
    fetch.load(segment.url, range: segment.byteRange, kind: .segment) { [backlink] answer in
      guard let self = backlink.object, current == self.generation else { return }
      guard answer.failure == nil else {
        return self.skip(segment, because: answer.failure ?? "", attempts: answer.attempts)
      }
      self.read(segment, answer: answer, initSegment: initSegment)
    }
  }

  /// Reads a loaded segment's timed metadata into cues and extends the buffer over it.
  private func read(_ segment: LoadSegment, answer: SegmentAnswer, initSegment: BMFFInit) {
    let contiguous = lastLoaded.map { $0.sequence + 1 == segment.sequence } ?? false
    if !contiguous || segment.discontinuity { (anchor, ptsReference) = (nil, nil) }
    var added: [Cue] = []
    var problem: String?
    var media: ClosedRange<Double>?
    var issues: [MediaError] = []
    do {
      let scan = try MediaReader.scan(answer.body, initSegment: initSegment, ptsReference: ptsReference)
      issues = scan.issues
      media = Self.mediaSpan(scan)
      let start = Self.mediaStart(scan)
      if let start {
        if anchor == nil { anchor = segment.startTime - start }
        ptsReference = Int64.checked(start * 90_000, rounding: .toNearestOrEven)
      }
      // DASH: the MPD fixes the mapping (Period start − presentationTimeOffset); HLS: the domain's anchor.
      let offset = segment.timestampOffset ?? anchor ?? (segment.startTime - (scan.items.first?.time ?? 0))
      added = inband.admit(InbandCues.cues(scan.items, sequence: segment.sequence, offset: offset))
    } catch {
      problem = "\(segment.url.absoluteString): the segment cannot be read: \(error)"
    }
    lastLoaded = segment
    _ = failures.record(failed: false)
    logLoad(
      .segment, url: segment.url, range: segment.byteRange, answer: answer, segment: segment,
      cues: added.count, media: media)
    issueLog.log(issues, url: segment.url, range: segment.byteRange?.rangeHeader, to: player)
    if let problem { logError(segment, message: problem, attempts: answer.attempts) }
    publish(added)
    extend(over: segment)
  }

  /// A segment that failed for good: logged, and played over as a gap.
  private func skip(_ segment: LoadSegment, because message: String, attempts: Int) {
    logError(segment, message: message, attempts: attempts)
    (anchor, ptsReference, lastLoaded) = (nil, nil, nil)
    guard !failures.record(failed: true) else { return abandon(after: segment) }
    extend(over: segment)
  }

  /// Too many of the last segments failed: segment loading stops for this source, said once, and the
  /// content plays on over the playlist's timeline alone.
  private func abandon(after segment: LoadSegment) {
    abandoned = true
    loading = false
    dryTimer?.cancel()
    dryTimer = nil
    player.appendLog(
      .segmentsAbandoned,
      fields: JSONObject([
        ("url", .string(segment.url.absoluteString)),
        (
          "message",
          .string(
            "\(failures.summary): segment loading stops, the playlist plays without them"
          )
        ),
      ]))
    if player.isWaiting { player.setWaiting(false) }
  }

  private func extend(over segment: LoadSegment) {
    loading = false
    bufferedEnd = max(bufferedEnd, segment.endTime)
    if player.isWaiting, player.currentTime < bufferedEnd { player.setWaiting(false) }
    pump()
    scheduleDry()
  }

  /// The first media time of a segment: its earliest audio or video timestamp (hls.js's
  /// `initPTS` takes the same), else any stream's, else its first item's.
  static func mediaStart(_ scan: MediaScan) -> Double? {
    let media = scan.streams.filter { $0.streamType != 0x15 && $0.streamType != 0x86 }
    return (media.isEmpty ? scan.streams : media).map(\.first).min()
  }

  /// The media time an audio or video stream covers, from the earliest first timestamp to the
  /// latest last one; nil when the segment has none (only timed metadata), so there is no media
  /// duration to check against the playlist's.
  static func mediaSpan(_ scan: MediaScan) -> ClosedRange<Double>? {
    let media = scan.streams.filter { $0.streamType != 0x15 && $0.streamType != 0x86 }
    guard let first = media.map(\.first).min(), let last = media.map(\.last).max(), first <= last else {
      return nil
    }
    return first...last
  }
}
