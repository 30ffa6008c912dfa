import AdPlayer
import HeadlessHost
import OutsideText
import PlayerSeam
import PluginHost

/// The steps of `RunSession.play` before the source plays: the log, the host's options, the
/// plugin.
extension RunSession {
  /// The run's log as it is written: to the strict checks, the report, and the observer (a
  /// scenario's) or the console (JSON Lines with `--json`; timeupdates only with `--timeupdates`).
  func eventLog(_ strict: StrictRun) -> EventLog {
    let json = setup.options.json
    let timeUpdates = setup.options.timeUpdates
    let console = self.console
    let observer = self.observer
    let report = self.report
    return EventLog(
      mode: .stream { entry in
        strict.observe(entry)
        report?.observe(entry)
        if let observer {
          observer.record(entry)
        } else if json {
          console.print(entry.jsonLine)
        } else if timeUpdates || entry.kind != .timeupdate {
          console.print(Self.styled(entry, console))
        }
      })
  }

  /// The host's options from the run's: HTTP, budgets, libraries, views, faults, checks, dates
  /// and the content timeline.
  func hostOptions() -> PluginHostOptions {
    var options = PluginHostOptions(http: setup.options.client)
    options.limits = setup.options.limits
    options.libraryFolders = LibraryOptions.searchList(setup.options.libraries)
    options.chunkCache = setup.options.chunkCache
    options.views = setup.options.views
    options.engine.faults = setup.options.faults
    options.engine.logsRequests = setup.options.logsRequests
    options.engine.checksMedia = setup.options.checksMedia
    options.engine.verificationVendors = setup.options.verificationVendors
    options.engine.startDate = setup.options.startDate
    options.engine.defaultTimeline = setup.timeline ?? .live
    options.engine.segments = setup.options.segments
    options.engine.liveStart = setup.options.liveStart
    // A timeline given on the command line or in the source wins over the playlist's.
    options.engine.readsPlaylists = setup.timeline == nil
    options.engine.allowsLivePlaylists = setup.options.until != nil || setup.options.realTime
    let console = self.console
    options.diagnostics = { console.printError($0) }
    return options
  }

  /// Loads the plugin into `host` and checks the source can play: the exit code when it
  /// cannot (the plugin failed, or no plugin registered the source's integration), else nil.
  func load(into host: HeadlessHost) throws -> Int32? {
    if let refused = loadPlugin(into: host.pluginHost) { return refused }
    if setup.timeline?.isLive == true && setup.options.until == nil && !setup.options.realTime {
      throw UsageError("--live runs without end on the virtual clock: give --until SECONDS (or --realtime)")
    }
    // A source that is no HLS playlist and gives no duration is not refused here: its type is
    // known once `setSource` has run (an integration may return a playlist for it), and the
    // playlist reader refuses then a loaded source that gives no timeline, saying what to pass.
    return nil
  }

  /// Loads the plugin into `pluginHost` (on either player): the exit code when it failed or
  /// registered none of the source's integrations, else nil.
  func loadPlugin(into pluginHost: PluginHost) -> Int32? {
    do {
      try pluginHost.loadPlugin(at: setup.pluginPath)
    } catch {
      console.printError("adhost run: \(error)")
      return ExitCode.pluginFailed
    }
    if let problem = unregisteredIntegration(pluginHost) {
      console.printError("adhost run: \(problem)")
      return ExitCode.usage
    }
    return nil
  }

  /// A source whose integration no plugin registered, as a message.
  private func unregisteredIntegration(_ host: PluginHost) -> String? {
    for (index, typed) in setup.source.sources.enumerated() {
      guard let id = typed.ssai?.integrationId, !host.integrationIds.contains(id) else { continue }
      // Quoted as JSON strings: an id may hold control characters (a NUL printed raw hides).
      let quoted = { (ids: [String]) in ids.map { JSONValue.string($0).jsonText }.joined(separator: ", ") }
      let builtIn = PluginHost.builtInIntegrationIds
      return
        "\(setup.sourcePath): sources[\(index)].ssai names integration \(JSONValue.string(id).jsonText), "
        + "which \(setup.pluginPath) does not register (it registers \(quoted(host.pluginIntegrationIds)); "
        + "\(quoted(builtIn)) \(builtIn.count == 1 ? "is" : "are") built into the host, for client-side ads)"
    }
    return nil
  }
}
