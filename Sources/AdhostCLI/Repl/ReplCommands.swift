import AdPlayer
import Foundation
import OutsideText
import PlayerSeam
import PluginHost

/// A `:command` of the REPL.
struct ReplCommandSpec: Sendable {
  let name: String
  let arguments: String
  let summary: String
  let run: @Sendable (ReplSession, [String]) throws -> Void
}

extension ReplSession {
  static let commands: [ReplCommandSpec] = [
    ReplCommandSpec(name: "help", arguments: "[COMMAND]", summary: "list the commands, or explain one") {
      session, words in
      session.help(words.first)
    },
    ReplCommandSpec(
      name: "load", arguments: "PLUGIN", summary: "load a plugin (a new host; the source is set again)"
    ) {
      session, words in
      guard let path = words.first else { throw UsageError(":load needs a plugin file") }
      try session.start(pluginPath: path, sourcePath: session.sourcePath)
      session.console.print("loaded \(path)" + (session.sourcePath.map { "; source \($0) set again" } ?? ""))
    },
    ReplCommandSpec(
      name: "source", arguments: "FILE", summary: "load a source (its integration's setSource runs)"
    ) {
      session, words in
      guard let path = words.first else { throw UsageError(":source needs a source file") }
      try session.start(pluginPath: session.pluginPath, sourcePath: path)
    },
    ReplCommandSpec(
      name: "reload", arguments: "", summary: "load the plugin again from disk and set the source again"
    ) {
      session, _ in
      try session.start(pluginPath: session.pluginPath, sourcePath: session.sourcePath)
      session.console.print("reloaded" + (session.pluginPath.map { " \($0)" } ?? ""))
    },
    ReplCommandSpec(
      name: "play", arguments: "", summary: "play the content (the clock still waits for :step or :run)"
    ) {
      session, _ in
      session.host.player.play()
      session.settle()
    },
    ReplCommandSpec(name: "pause", arguments: "", summary: "pause the content") { session, _ in
      session.host.player.pause()
      session.settle()
    },
    ReplCommandSpec(name: "seek", arguments: "SECONDS", summary: "seek the content") { session, words in
      guard let target = words.first.flatMap(Double.init), target.isFinite, target >= 0 else {
        throw UsageError(":seek needs a position in seconds")
      }
      session.host.player.seek(to: target)
      session.settle()
    },
    ReplCommandSpec(
      name: "step", arguments: "[SECONDS]", summary: "move the clock (default 1 s), printing what happens"
    ) {
      session, words in
      guard let seconds = words.first.map(Double.init) ?? 1, seconds > 0 else {
        throw UsageError(":step takes a number of seconds above 0")
      }
      session.advance(by: seconds)
    },
    ReplCommandSpec(
      name: "run", arguments: "", summary: "move the clock to the end, or to the next :stop-at event"
    ) {
      session, _ in
      if session.host.player.timeline.isLive && session.options.until == nil && session.stopEvents.isEmpty {
        throw UsageError("the content is live: set a :stop-at event, or use :step")
      }
      session.advance(by: nil)
    },
    ReplCommandSpec(
      name: "stop-at", arguments: "[EVENT|none]",
      summary: "stop the clock when an event happens (adbegin, cue, beacon, …)"
    ) {
      session, words in
      switch words.first {
      case nil:
        session.console.print(
          session.stopEvents.isEmpty
            ? "no stop events" : session.stopEvents.map(\.rawValue).sorted().joined(separator: " "))
      case "none"?: session.stopEvents.removeAll()
      case let name?:
        guard let kind = LogKind(rawValue: name) else {
          let text = "\(TerminalEscape.line(name)) is not the type of a log entry (adbegin, beacon, cue, …)"
          return session.console.print(session.console.styled(text, "31"))
        }
        session.stopEvents.insert(kind)
      }
    },
    ReplCommandSpec(name: "skip", arguments: "", summary: "ask the playing ad's integration to skip it") {
      session, _ in
      session.host.player.perform(ScriptedAction(at: session.host.loop.now, .skip))
      session.settle()
    },
    ReplCommandSpec(name: "events", arguments: "[N]", summary: "the last N events (default 20)") {
      session, words in
      let count = words.first.flatMap(Int.init) ?? 20
      for entry in session.entries.filter({ $0.kind != .timeupdate }).suffix(max(0, count)) {
        session.console.print(RunSession.styled(entry, session.console))
      }
    },
    ReplCommandSpec(name: "breaks", arguments: "", summary: "the ad schedule") { session, _ in
      session.printBreaks()
    },
    ReplCommandSpec(name: "beacons", arguments: "", summary: "every beacon sent so far, with its result") {
      session, _ in
      let beacons = session.entries.filter { $0.kind == .beacon }
      if beacons.isEmpty { session.console.print("no beacons yet") }
      for entry in beacons { session.console.print(entry.textLine) }
    },
    ReplCommandSpec(
      name: "timeupdates", arguments: "on|off", summary: "print timeupdate events as the clock moves"
    ) {
      session, words in
      session.showTimeUpdates = words.first == "on"
    },
    ReplCommandSpec(name: "quit", arguments: "", summary: "leave (also Ctrl-D)") { _, _ in },
  ]

  private func help(_ name: String?) {
    if let name, let command = Self.commands.first(where: { $0.name == name.trimmingCharacters(in: [":"]) }) {
      console.print(":\(command.name) \(command.arguments)\n  \(command.summary)")
      return
    }
    console.print(
      """
      Type Lua to evaluate it in the plugin's sandbox (player, controller, vast, http, json, …);
      an expression prints its values. Commands:
      """)
    for command in Self.commands {
      let usage = ":\(command.name) \(command.arguments)"
      console.print("  " + usage + String(repeating: " ", count: max(1, 24 - usage.count)) + command.summary)
    }
  }

  private func printBreaks() {
    let breaks = host.player.ads.adBreaks.filter { !$0.isRemoved }.sorted { $0.timeOffset < $1.timeOffset }
    if breaks.isEmpty { return console.print("no ad breaks") }
    console.print("offset    max      state     ads")
    for adBreak in breaks {
      let offset = VirtualTime.secondsText(VirtualTime.micros(adBreak.timeOffset)) + "s"
      let max = adBreak.maxDuration.map { VirtualTime.secondsText(VirtualTime.micros($0)) + "s" } ?? "-"
      let state =
        adBreak.isPlaying
        ? "playing" : adBreak.ads.allSatisfy { $0.state != .scheduled } ? "played" : "scheduled"
      let pad = { (text: String, width: Int) in
        text + String(repeating: " ", count: Swift.max(1, width - text.count))
      }
      console.print(
        pad(offset, 10) + pad(max, 9) + pad(state, 10)
          + adBreak.ads.map { "\($0.id) (\($0.state.rawValue))" }.joined(separator: ", "))
    }
  }

  /// Runs a `:command` line; returns false for `:quit`.
  func runCommand(_ line: String) -> Bool {
    let words = line.dropFirst().split(separator: " ").map(String.init)
    guard let name = words.first else { return true }
    guard let command = Self.commands.first(where: { $0.name == name }) else {
      console.print(console.styled("unknown command :\(name) — :help lists them", "31"))
      return true
    }
    if command.name == "quit" { return false }
    do {
      try command.run(self, Array(words.dropFirst()))
    } catch {
      console.print(console.styled("\(error)", "31"))
    }
    return true
  }
}
