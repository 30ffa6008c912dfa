import AdPlayer
import CheckedNumbers
import HeadlessHost
import LuaKit
import OutsideText
import PlayerSeam
import PluginHost

/// How a run ended, as `RunSession.exitCode` judges it.
struct RunFinish {
  /// Why the loop stopped, and when.
  let outcome: LoopOutcome
  /// Why the run was a runaway (VOD content that would not end), if it was.
  let runaway: String?
  /// Whether the plugins spent the run's time budget (`--run-seconds`).
  let runBudgetSpent: Bool
  /// Whether the run waited its whole I/O budget (`--io-seconds`) for outstanding work.
  let ioBudgetSpent: Bool
  /// Whether the loop ran out of things to do before the content ended.
  let endedEarly: Bool
  /// Whether the content was paused at the end (a stall's hint names scripted pauses then).
  let paused: Bool
  /// Whether the run broke a strict rule (`--strict`).
  var brokeRules = false
  /// The fatal player error, if one happened (up to the plugins' `destroy`).
  var fatal: (message: String, code: Int)?
}

/// The steps of `RunSession.play` once the plugin is loaded: play the source, then judge.
extension RunSession {
  /// Schedules the actions, sets the source and plays it to its end, then ends the host.
  func playSource(_ host: HeadlessHost) -> RunFinish {
    host.player.autoplay = true
    host.player.schedule(setup.options.actions)
    let end = RunEnd(player: host.player, until: setup.options.until, actions: setup.options.actions)
    host.player.setSource(setup.source)
    let (outcome, runaway) = end.run()
    // Read before `end`: the plugins' `destroy` fails too once the budget is spent.
    let runBudgetSpent = host.pluginHost.lua.isRunBudgetSpent
    let endedEarly = outcome.kind == .idle && !host.player.ended
    host.end()
    return RunFinish(
      outcome: outcome, runaway: runaway, runBudgetSpent: runBudgetSpent,
      ioBudgetSpent: host.loop.isIOBudgetSpent, endedEarly: endedEarly, paused: host.player.paused)
  }

  /// The exit code of a run that ended as `finish` says, then the `--sarif` log of its strict
  /// violations written (74 when it cannot be).
  func exitCode(_ finish: RunFinish, strict: StrictRun) -> Int32 {
    let code = exitCode(finish)
    if let unsaved = strict.writeSARIF(plugin: setup.pluginPath, source: setup.sourcePath) {
      console.printError(unsaved)
      return ExitCode.outputNotSaved
    }
    return code
  }

  /// The exit code of a run that ended as `finish` says, each failure explained on standard
  /// error; the recording is finished first (a recording not saved outranks the rest).
  func exitCode(_ finish: RunFinish) -> Int32 {
    setup.options.recorder?.finish()
    if let problem = setup.options.recorder?.saveError {
      console.printError("adhost run: \(problem)")
      return ExitCode.outputNotSaved
    }
    let stoppedAt =
      "adhost run: stopped at \(VirtualTime.secondsText(VirtualTime.micros(finish.outcome.time))) s"
    if finish.runBudgetSpent {
      let budget = CheckedNumbers.describe(setup.options.limits.secondsPerRun)
      console.printError(
        "\(stoppedAt) — the plugins spent the run's time budget (\(budget) s of plugin time in all calls): "
          + LimitOptions.runBudgetHint)
      return ExitCode.failure
    }
    if finish.ioBudgetSpent {
      let budget = CheckedNumbers.describe(setup.options.ioSeconds ?? RunOptions.defaultIOSeconds)
      let why =
        finish.outcome.kind == .stalled
        ? finish.outcome.reason : "the I/O budget is spent (\(budget) s of wall time waiting in all)"
      console.printError(
        "\(stoppedAt) — \(why): give --io-seconds S to raise it, 0 for none (in a scenario: ioSeconds)")
      return ExitCode.failure
    }
    if let fatal = finish.fatal {
      console.printError(
        "adhost run: fatal player error \(fatal.code): \(TerminalEscape.line(fatal.message))")
    }
    // A request the recording could not answer fails the run (1) even when the player then
    // failed fatally: the replay, not the integration, is what went wrong first.
    if let replay = setup.options.replay, !replay.unmatched.isEmpty {
      console.printError(UnmatchedRequests.summary(replay, allowed: setup.options.allowsUnmatched))
      if !setup.options.allowsUnmatched { return ExitCode.failure }
    }
    if finish.fatal != nil { return ExitCode.fatal }
    if let runaway = finish.runaway {
      console.printError("\(stoppedAt) — \(runaway)")
      return ExitCode.failure
    }
    if finish.outcome.kind == .stalled || finish.endedEarly {
      console.printError(
        "\(stoppedAt) before the end — \(finish.outcome.reason)"
          + (finish.paused ? StallHint.scriptedPause(setup.options, before: finish.outcome.time) : ""))
      return ExitCode.failure
    }
    return finish.brokeRules ? ExitCode.failure : ExitCode.success
  }
}
