import AdPlayer
import HTTPKit
import LuaKit
import PlayerSeam
import PluginHost

/// A log entry of a scenario's run with the content time when it was logged.
struct RecordedEntry {
  let entry: LogEntry
  let contentTime: Double
}

/// What a scenario's run did: its log, its exit code (as `adhost run` would exit) and what it
/// wrote to standard error.
struct ScenarioRun {
  /// The entries with their content times (a view of `log` and `contentTimes`).
  let entries: RecordedEntries
  let exit: Int32
  let diagnostics: String
  /// The entries alone, as the run's recorder kept them (the checks index it entry by entry).
  var log: [LogEntry] { entries.log }

  /// The run of `log`, the content time at each entry in `contentTimes`.
  init(log: [LogEntry], contentTimes: [Double], exit: Int32, diagnostics: String) {
    entries = RecordedEntries(log: log, contentTimes: contentTimes)
    self.exit = exit
    self.diagnostics = diagnostics
  }

  init(entries: [RecordedEntry], exit: Int32, diagnostics: String) {
    self.init(
      log: entries.map(\.entry), contentTimes: entries.map(\.contentTime), exit: exit,
      diagnostics: diagnostics)
  }
}

/// A run's entries with their content times, kept side by side: the recorder appends to both and
/// the run's log is the entries' array itself, not a copy made of the recorded pairs.
struct RecordedEntries: RandomAccessCollection {
  let log: [LogEntry]
  let contentTimes: [Double]

  var startIndex: Int { 0 }
  var endIndex: Int { log.count }

  subscript(index: Int) -> RecordedEntry {
    RecordedEntry(entry: log[index], contentTime: contentTimes[index])
  }
}

/// Keeps a run's log entries with the player's content time at each; used on the run's thread.
// why: used on the run's thread only; RunObserver is Sendable for the log's stream closure.
final class RunRecorder: RunObserver, @unchecked Sendable {
  private var host: PluginHost?
  // why: appends that call nothing, on every entry.
  @exclusivity(unchecked) private(set) var log: [LogEntry] = []
  @exclusivity(unchecked) private(set) var contentTimes: [Double] = []

  func attach(_ host: PluginHost) { self.host = host }

  func record(_ entry: LogEntry) {
    log.append(entry)
    // A beacon answered after the clock moved on (a real engine's) is where it was sent.
    if entry.sentMicros != entry.micros, let sent = entry.fields["contentTime"]?.numberValue {
      contentTimes.append(sent)
    } else {
      contentTimes.append(host?.player.currentTime ?? 0)
    }
  }

  /// Lets the host go (the recorder outlives it in the run's result).
  func detach() { host = nil }
}

/// Runs scenarios as `adhost run` would, in-process, on the calling thread (which must not be
/// one of the tasks' pool: see `onOwnThread`).
enum ScenarioRunner {
  /// `chunks`: the Lua chunks compiled for the whole `adhost test`, shared by its runs;
  /// `recordings`: the `offline` recordings' indexes parsed for it.
  static func run(
    _ scenario: Scenario, libraries: [String] = [], views: PluginViewOptions = PluginViewOptions(),
    chunks: LuaChunkCache? = nil, recordings: RecordingIndexCache? = nil
  ) -> ScenarioRun {
    let console = Console(capturing: ())
    let recorder = RunRecorder()
    let exit: Int32
    do {
      var options = try RunOptions(
        ParsedArguments(scenario.runArguments, spec: RunOptions.spec), recordings: recordings)
      options.actions = scenario.actions
      options.logsRequests = true
      options.libraries += libraries
      options.views = views
      options.chunkCache = chunks
      if let faults = scenario.inlineFaults { options.faults = faults }
      let setup = RunSetup(
        pluginPath: scenario.pluginPath, sourcePath: scenario.sourcePath, source: scenario.source,
        options: options)
      var session = RunSession(setup: setup, console: console)
      session.observer = recorder
      exit = try session.play()
    } catch let error as UsageError {
      console.printError("adhost run: \(error.description)")
      exit = ExitCode.usage
    } catch {
      console.printError("adhost run: \(error)")
      exit = ExitCode.failure
    }
    recorder.detach()
    return ScenarioRun(
      log: recorder.log, contentTimes: recorder.contentTimes, exit: exit, diagnostics: console.errorOutput)
  }
}
