import AdPlayer
import Foundation
import HTTPKit
import LuaKit
import OutsideText
import PlaybackEngine
import PlayerSeam
import PluginHost
import Synchronization

/// The options `adhost run` and `adhost repl` share: HTTP, budgets, timeline, output.
struct RunOptions {
  var actions: [ScriptedAction]
  /// Where the actions came from, to name in messages about what they did: the `--actions`
  /// file, or `--actions` for actions given inline.
  let actionsPath: String?
  let until: Double?
  /// The timeline `--live` or `--duration` gives, if any.
  let timeline: ContentTimeline?
  let json: Bool
  let timeUpdates: Bool
  let realTime: Bool
  let client: HTTPClient
  /// The transport saving a `--record` recording, to ask afterwards whether it saved.
  let recorder: RecordingTransport?
  /// The `--offline` transport, to ask afterwards which requests it could not answer.
  let replay: OfflineTransport?
  /// `--allow-unmatched`: requests an `--offline` recording cannot answer do not fail the run.
  let allowsUnmatched: Bool
  let limits: LuaLimits
  /// `--lib DIR…`: more folders for the plugin's `require` (ADHOST_LUA_PATH's come after).
  var libraries: [String]
  /// `--screenshots DIR`, `--webview-memory MB`: what the plugin's WebKit views may do.
  var views: PluginViewOptions
  /// `--faults FILE` (or a scenario's `faults`): faults to inject into the run's requests.
  var faults: FaultPlan?
  /// `--check-media`: each VAST ad's media file is requested as the ad begins.
  let checksMedia: Bool
  /// Every request goes into the log as a `request` entry (`adhost test`'s runs).
  var logsRequests = false
  /// Lua chunks compiled once for all the runs of one `adhost test` (nil: each run compiles).
  var chunkCache: LuaChunkCache?
  /// `--verification-vendors A,B`: the only vendors whose verification scripts may load; nil
  /// when not given (all may).
  let verificationVendors: Set<String>?
  /// The wall-clock date of virtual time 0 (`[TIMESTAMP]` in beacons): `--start-date`, else the
  /// `--offline` recording's, else now.
  let startDate: Date
  /// `--io-seconds`: wall seconds the run may wait for outstanding I/O in all (0: no bound); nil
  /// when not given (`adhost run` and scenarios then take `defaultIOSeconds`; `repl` no bound).
  let ioSeconds: Double?
  /// The I/O budget of a run or scenario without `--io-seconds`.
  static let defaultIOSeconds = 120.0
  /// How an HLS source's media segments load (`--no-segments`, `--buffer`, `--variant`, …).
  let segments: SegmentOptions
  /// `--live-start SECONDS`: where live content starts, seconds behind the live edge.
  let liveStart: Double?
  /// `--engine`: the headless player or the real engine.
  var engine: EngineChoice
  /// `--screenshot-at SECONDS:FILE`: the real engine's pictures to take.
  let engineScreenshots: [(at: Double, file: String)]

  /// `recordings`: the `--offline` indexes already parsed in this run (`adhost test`'s runs).
  init(_ parsed: ParsedArguments, recordings: RecordingIndexCache? = nil) throws {
    let actionsGiven = parsed.value(Self.actions)
    // A value that starts with `[` is the actions themselves, as a scenario's inline `actions`.
    let inline = actionsGiven.map { $0.drop { $0.isWhitespace }.hasPrefix("[") } ?? false
    actionsPath = inline ? Self.actions.name : actionsGiven
    if let given = actionsGiven {
      let actionsText = inline ? given : try SourceFile.read(given, "actions")
      actions = try decoding(inline ? Self.actions.name : given) { () throws(ModelDecodingError) in
        try ScriptedAction.script(jsonText: actionsText)
      }
    } else {
      actions = []
    }
    until = try parsed.number(Self.until)
    if let until, !(0...ContentTimeline.maxDuration).contains(until) {
      throw Self.until.error("expected a number of seconds from 0 to 604800 (one week)")
    }
    if parsed.has(Self.live) {
      timeline = .live
    } else if let duration = try parsed.number(Self.duration) {
      guard duration > 0, duration <= ContentTimeline.maxDuration else {
        throw Self.duration.error("expected a number of seconds above 0 and at most 604800 (one week)")
      }
      timeline = .vod(duration)
    } else {
      timeline = nil
    }
    json = parsed.has(Self.json)
    timeUpdates = json || parsed.has(Self.timeUpdates)
    realTime = parsed.has(Self.realtime)
    // Now in whole seconds: a recording keeps the date as text, and a replay must get it exactly.
    let now = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
    let given = try parsed.value(Self.startDate).map(Self.date)
    let transport = try Self.transport(parsed, startDate: given ?? now, recordings: recordings)
    (client, recorder) = (try Self.client(parsed, transport.transport), transport.recorder)
    replay = transport.transport as? OfflineTransport
    allowsUnmatched = parsed.has(Self.allowUnmatched)
    limits = try LimitOptions.limits(parsed)
    libraries = try LibraryOptions.folders(parsed)
    views = try ViewOptions.options(parsed)
    checksMedia = parsed.has(Self.checkMedia)
    verificationVendors = parsed.value(Self.verificationVendors).map(Self.vendors)
    do {
      faults = try parsed.value(Self.faults).map { path throws(FaultPlanError) in try FaultPlan(file: path) }
    } catch {
      throw Self.faults.error("\(error)")
    }
    startDate = given ?? transport.recordedStartDate ?? now
    ioSeconds = try parsed.number(Self.ioSeconds)
    if let ioSeconds, !(ioSeconds >= 0) {
      throw Self.ioSeconds.error("expected a number of seconds, 0 (no bound) or more")
    }
    segments = try Self.segments(parsed)
    engine = try EngineChoice.choice(parsed)
    engineScreenshots = try EngineChoice.screenshots(parsed)
    liveStart = try parsed.number(Self.liveStart)
    if let liveStart, !(0...ContentTimeline.maxDuration).contains(liveStart) {
      throw Self.liveStart.error(
        "expected seconds behind the live edge, a number from 0 to 604800 (one week)")
    }
  }

  /// The vendors of a comma-separated list, white space around each ignored (an empty list
  /// allows none).
  static func vendors(_ text: String) -> Set<String> {
    Set(text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
  }

  /// Whether `text` is a date `--start-date` takes.
  static func isDate(_ text: String) -> Bool { (try? date(text)) != nil }

  /// An ISO 8601 date and time (`Z` or an offset), with or without fractional seconds.
  private static func date(_ text: String) throws -> Date {
    if let date = dateFormatters.withLock({ $0.date(text) }) { return date }
    throw Self.startDate.error(
      "expected an ISO 8601 date and time such as 2026-01-01T00:00:00Z, got '\(text)'")
  }

  private static func client(_ parsed: ParsedArguments, _ transport: any HTTPTransport) throws -> HTTPClient {
    let policy = TransportPolicy(allowsArbitraryLoads: parsed.has(Self.allowHTTP), allowsFileURLs: false)
    let timeout = try parsed.number(Self.timeout) ?? 5
    guard timeout > 0 else { throw Self.timeout.error("expected a number of seconds above 0") }
    return HTTPClient(policy: policy, timeout: timeout, transport: transport)
  }

  /// The `--map-host RECORDED=SENT` mappings, each checked.
  static func hostMappings(_ parsed: ParsedArguments) throws -> [HostMapping] {
    try parsed.values(Self.mapHost).map { text in
      do {
        return try HostMapping(text)
      } catch {
        throw Self.mapHost.error("\(error)")
      }
    }
  }

  /// The network, the `--offline` recording (and its start date) or the `--record` recorder.
  private static func transport(
    _ parsed: ParsedArguments, startDate: Date, recordings: RecordingIndexCache?
  ) throws -> (
    transport: any HTTPTransport, recorder: RecordingTransport?, recordedStartDate: Date?
  ) {
    let ignored = Set(parsed.values(Self.ignoreParam))
    if parsed.value(Self.offline) != nil && parsed.value(Self.record) != nil {
      throw UsageError("\(Self.offline.name) and \(Self.record.name) cannot be used together")
    }
    let mappings = try hostMappings(parsed)
    if let folder = parsed.value(Self.offline) {
      do {
        let offline = try OfflineTransport(
          folder: URL(fileURLWithPath: folder), alsoIgnoring: ignored, mappingHosts: mappings,
          cache: recordings)
        return (offline, nil, offline.startDate)
      } catch {
        throw UsageError("\(Self.offline.name) \(folder): \(error)")
      }
    }
    if !mappings.isEmpty {
      throw Self.mapHost.error("replays a recording: give \(Self.offline.name) DIR too")
    }
    let redacted = parsed.values(Self.redact)
    guard let folder = parsed.value(Self.record) else {
      if !redacted.isEmpty {
        throw Self.redact.error("keeps values out of a recording: give \(Self.record.name) DIR too")
      }
      if parsed.has(Self.keepMedia) {
        throw Self.keepMedia.error("keeps media whole in a recording: give \(Self.record.name) DIR too")
      }
      return (URLSessionTransport.shared, nil, nil)
    }
    do {
      let recording = try RecordingTransport(
        folder: URL(fileURLWithPath: folder), upstream: URLSessionTransport.shared,
        volatileParameters: RequestKey.defaultVolatileParameters.union(ignored.map { $0.lowercased() }),
        startDate: startDate, redaction: SecretRedaction(extra: Set(redacted)),
        trimsSegments: !parsed.has(Self.keepMedia))
      return (recording, recording, nil)
    } catch {
      // A recording that cannot be read says so; a folder that cannot be made says why.
      let reason = (error as? HTTPError)?.description ?? WritePath.reason(folder: folder, error)
      throw UsageError("\(Self.record.name) \(folder): \(reason)")
    }
  }
}

/// The two formatters `--start-date` is read with, made once: a scenario's `startDate` is read
/// twice per run (checked, then given), and making an `ISO8601DateFormatter` (its ICU calendar
/// and parser) cost more than the rest of a scenario's options.
private let dateFormatters = Mutex(StartDateFormatters())

/// Reads a date and time with whole seconds, else with a fraction of a second.
private struct StartDateFormatters {
  let whole = ISO8601DateFormatter()
  let fractional: ISO8601DateFormatter = {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions.insert(.withFractionalSeconds)
    return formatter
  }()

  func date(_ text: String) -> Date? { whole.date(from: text) ?? fractional.date(from: text) }
}
