import AdPlayer
import Foundation
import HTTPKit
import LuaKit
import PluginHost

/// `adhost run PLUGIN SOURCE`: plays a source through a plugin's integration on the virtual
/// clock and prints every player event, ad event and beacon.
struct RunCommand: Command {
  static let name = "run"
  static let summary = "play a source through a Lua integration and print every event and beacon"
  static let help = """
    Usage: adhost run <plugin.lua> <source.json> [options]

    Loads the plugin, registers its integrations, loads the source (a THEOplayer
    SourceDescription in JSON) through the headless player, plays it to the end on the virtual
    clock and prints one line per event and beacon.

    Options:
      --json              print the event log as JSON Lines instead (every event)
      --timeupdates       also print timeupdate events in the readable log
      --until SECONDS     stop the run at this virtual time
      --actions FILE      scripted user actions: [{"at": 12, "do": "seek", "to": 30}, ...]
                          (do: play, pause, seek, skip, stop)
      --duration SECONDS  the content's duration (instead of the source's duration or its
                          HLS playlist, which is then not read)
      --live              the content is live (runs until --until or a stop); a live HLS
                          playlist needs --until (or --realtime) too
      --realtime          pace the virtual clock to the wall clock
      --allow-http        allow plain http:// loads (iOS NSAllowsArbitraryLoads)
      --offline DIR       answer HTTP from the recordings in DIR; no network
      --record DIR        record every HTTP exchange of the run into DIR
      --timeout SECONDS   per-request HTTP timeout (default 5)
    \(LimitOptions.help)
      -h, --help          show this help

    Exit codes:
      0   played to the end (or to --until)
      1   the run stalled (the content paused with nothing scheduled) or I/O never answered
      64  bad usage or input: unreadable or invalid source, actions or options; a source whose
          integration no plugin registered
      65  the plugin failed to load or registered no integration
      70  a fatal player error (fatalError, or setSource/resetSource failing)
    """

  static let spec = ArgumentSpec(
    flags: ["--json", "--timeupdates", "--live", "--realtime", "--allow-http"],
    options: LimitOptions.names.union([
      "--until", "--actions", "--duration", "--offline", "--record", "--timeout",
    ]))

  static func run(_ arguments: [String], console: Console) async throws -> Int32 {
    let parsed = try ParsedArguments(arguments, spec: spec)
    try parsed.expectPositionals(2...2, "a plugin file and a source file")
    let session = RunSession(setup: try RunSetup(parsed), console: console)
    // The host loop blocks its thread while it waits for I/O, and the VAST client's work runs as
    // Swift tasks: so the loop gets a thread of its own, never one of the tasks' pool.
    return try await withCheckedThrowingContinuation { continuation in
      let thread = Thread {
        do {
          continuation.resume(returning: try session.play())
        } catch {
          continuation.resume(throwing: error)
        }
      }
      thread.stackSize = 8 << 20
      thread.start()
    }
  }
}

/// Everything `adhost run` read from its command line and files, checked.
struct RunSetup {
  let pluginPath: String
  let sourcePath: String
  let source: SourceDescription
  let actions: [ScriptedAction]
  let timeline: ContentTimeline?
  let until: Double?
  let json: Bool
  let timeUpdates: Bool
  let realTime: Bool
  let client: HTTPClient
  let limits: LuaLimits

  init(_ parsed: ParsedArguments) throws {
    pluginPath = parsed.positionals[0]
    sourcePath = parsed.positionals[1]
    let sourceText = try Self.read(sourcePath, "source")
    source = try decoding(sourcePath) { () throws(ModelDecodingError) in
      try SourceDescription(jsonText: sourceText)
    }
    if let actionsPath = parsed.value("--actions") {
      let actionsText = try Self.read(actionsPath, "actions")
      actions = try decoding(actionsPath) { () throws(ModelDecodingError) in
        try ScriptedAction.script(jsonText: actionsText)
      }
    } else {
      actions = []
    }
    until = try parsed.number("--until")
    if parsed.has("--live") {
      timeline = .live
    } else if let duration = try parsed.number("--duration") {
      guard duration > 0 else { throw UsageError("--duration: expected a number of seconds above 0") }
      timeline = .vod(duration)
    } else if let duration = source.otherFields["duration"]?.numberValue, duration > 0 {
      timeline = .vod(duration)
    } else {
      timeline = nil
    }
    json = parsed.has("--json")
    timeUpdates = json || parsed.has("--timeupdates")
    realTime = parsed.has("--realtime")
    client = try Self.client(parsed)
    limits = try LimitOptions.limits(parsed)
  }

  private static func read(_ path: String, _ what: String) throws -> String {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw UsageError("cannot read the \(what) file \(path)")
    }
    guard let text = String(data: data, encoding: .utf8) else { throw UsageError("\(path): not UTF-8 text") }
    return text
  }

  private static func client(_ parsed: ParsedArguments) throws -> HTTPClient {
    let policy = TransportPolicy(allowsArbitraryLoads: parsed.has("--allow-http"), allowsFileURLs: false)
    let timeout = try parsed.number("--timeout") ?? 5
    guard timeout > 0 else { throw UsageError("--timeout: expected a number of seconds above 0") }
    if parsed.value("--offline") != nil && parsed.value("--record") != nil {
      throw UsageError("--offline and --record cannot be used together")
    }
    var transport: any HTTPTransport = URLSessionTransport.shared
    if let folder = parsed.value("--offline") {
      do {
        transport = try OfflineTransport(folder: URL(fileURLWithPath: folder))
      } catch {
        throw UsageError("--offline \(folder): \(error)")
      }
    } else if let folder = parsed.value("--record") {
      transport = try RecordingTransport(folder: URL(fileURLWithPath: folder), upstream: transport)
    }
    return HTTPClient(policy: policy, timeout: timeout, transport: transport)
  }
}

/// Decodes with `body`; a decoding error becomes a usage error that names the file and JSON path.
func decoding<Value>(_ path: String, _ body: () throws(ModelDecodingError) -> Value) throws -> Value {
  do {
    return try body()
  } catch {
    throw UsageError("\(path): \(error)")
  }
}
