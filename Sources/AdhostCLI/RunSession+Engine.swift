import AdPlayer
import EngineHost
import Foundation
import GStreamerEngine
import GStreamerPlayer
import PlaybackEngine
import PlayerSeam
import WebViewKit

/// `adhost run --engine gstreamer`: the same plugin, source, log, strict checks, report and exit
/// codes, with GStreamer playing the content (docs/engines.md).
extension RunSession {
  /// Plays the run on the real engine; returns the exit code.
  func playOnEngine(speed: GStreamerEngineOptions.Speed, show: Bool) throws -> Int32 {
    try Self.refuseOnEngine(setup.options)
    if speed == .realTime { console.flushesEachLine = true }
    UnmatchedRequests.printNote(setup.options.replay, "adhost run", to: console)
    let strict = StrictRun(setup.strict)
    var options = hostOptions()
    // The engine reads its playlists; a timeline given on the command line is the host's.
    options.engine.defaultTimeline = setup.timeline ?? .live
    // A window needs a display: a private one where the host has none.
    let display = show ? try Self.privateDisplay() : nil
    defer { display?.stop() }
    let host = try EngineHost(
      options: options, speed: speed, show: show, display: display?.name, log: eventLog(strict))
    host.player.screenshots = setup.options.engineScreenshots.map { ($0.at, URL(fileURLWithPath: $0.file)) }
    observer?.attach(host.pluginHost)
    report?.attach(host.pluginHost)
    if let refused = loadPlugin(into: host.pluginHost) { return refused }
    host.player.autoplay = true
    host.player.rendition = try Self.rendition(setup.options.segments)
    if let timeline = setup.timeline { host.player.defaultTimeline = timeline }
    EngineActions.schedule(setup.options.actions, on: host)
    host.player.setSource(setup.source)
    let (ending, reason) = host.run(until: setup.options.until)
    let runBudgetSpent = host.pluginHost.lua.isRunBudgetSpent
    let ended = host.player.ended
    let paused = host.player.paused
    let time = host.player.loop.now
    host.end()
    var finish = RunFinish(
      outcome: LoopOutcome(kind: Self.outcomeKind(ending), reason: reason, time: time), runaway: nil,
      runBudgetSpent: runBudgetSpent, ioBudgetSpent: false, endedEarly: ending == .idle && !ended,
      paused: paused)
    finish.brokeRules = strict.report(to: console, json: setup.options.json)
    report?.add(strict.violations)
    finish.fatal = host.player.fatalError
    console.flush()
    return Self.keepScreenshots(exitCode(finish, strict: strict), host.player, setup.options, console)
  }

  /// A picture asked for and not written is output not saved (74), unless the run failed first.
  static func keepScreenshots(
    _ code: Int32, _ player: EnginePlayer, _ options: RunOptions, _ console: Console
  )
    -> Int32
  {
    for failure in player.failedScreenshots { console.printError("adhost run: --screenshot-at \(failure)") }
    let missing = options.engineScreenshots.map(\.file).filter { !FileManager.default.fileExists(atPath: $0) }
    if player.failedScreenshots.isEmpty, !missing.isEmpty {
      console.printError("adhost run: --screenshot-at: the run ended before \(missing) was written")
    }
    return code == ExitCode.success && !missing.isEmpty ? ExitCode.outputNotSaved : code
  }

  /// Xvfb for the engine's window when the host has no display (`DISPLAY`, `WAYLAND_DISPLAY`).
  static func privateDisplay() throws -> HeadlessDisplay? {
    let environment = ProcessInfo.processInfo.environment
    if environment["DISPLAY"] != nil || environment["WAYLAND_DISPLAY"] != nil { return nil }
    do {
      return try HeadlessDisplay(width: 640, height: 480, terminating: false)
    } catch {
      throw UsageError("--show: no display, and a private one could not start: \(error)")
    }
  }

  /// The options the real engine cannot honour, refused by name.
  static func refuseOnEngine(_ options: RunOptions) throws {
    if options.realTime {
      throw UsageError("--realtime paces the headless player; --engine gstreamer plays in real time already")
    }
  }

  /// What `--max-bandwidth` and `--buffer` pin on the engine's adaptive demuxer. `--variant N`
  /// names a position in a playlist the host does not read on this engine (the engine does):
  /// only the first (0) is taken, as the demuxer's own start.
  static func rendition(_ segments: SegmentOptions) throws -> EngineRendition {
    var rendition = EngineRendition(bufferSeconds: segments.forwardBuffer)
    switch segments.variant {
    case .first, .index(0): break
    case .index:
      throw UsageError(
        "--variant: with --engine gstreamer pin a rendition by --max-bandwidth BPS (the engine reads "
          + "the multivariant playlist, not the host)")
    case .bandwidth(let bits):
      rendition.maxBitrate = UInt32(clamping: bits)
    }
    return rendition
  }

  private static func outcomeKind(_ ending: EngineRun.Ending) -> LoopOutcome.Kind {
    switch ending {
    case .ended, .fatal, .interrupted: return .stopped
    case .reachedLimit: return .reachedLimit
    case .idle: return .idle
    }
  }
}
