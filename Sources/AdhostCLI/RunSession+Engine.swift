import AdPlayer
import EngineHost
import GStreamerEngine
import GStreamerPlayer
import PlaybackEngine
import PlayerSeam

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
    let host = try EngineHost(options: options, speed: speed, show: show, log: eventLog(strict))
    observer?.attach(host.pluginHost)
    report?.attach(host.pluginHost)
    do {
      try host.loadPlugin(at: setup.pluginPath)
    } catch {
      console.printError("adhost run: \(error)")
      return ExitCode.pluginFailed
    }
    if let problem = unregisteredIntegration(host.pluginHost) {
      console.printError("adhost run: \(problem)")
      return ExitCode.usage
    }
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
    return exitCode(finish, strict: strict)
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
