import Foundation
import TestFiles
import Testing

/// One REPL session in a real terminal (tmux): the prompt, tab completion, history recall with
/// the up arrow, and the history file kept across sessions.
@Suite(.serialized) struct ReplTerminalTests {
  let tmux: TmuxServer
  let binary = builtAdhost
  let plugin = repositoryRoot.appendingPathComponent("plugins/omnibox.lua").path

  init() throws { tmux = try TmuxServer() }

  /// A step whose screen never came (the REPL hung or died), with the last screen seen.
  struct NeverShown: Error, CustomStringConvertible {
    let step: String
    let screen: String
    var description: String { "the screen never showed \(step); it shows:\n\(screen)" }
  }

  /// The screen, once `condition` holds for it. Lines the terminal wrapped are joined (`-J`), so
  /// that what the test reads does not depend on the length of the checkout's path (the banner
  /// names the plugin's); blanks at the ends of lines are trimmed. The test waits on what the
  /// screen shows, never on time: the deadline only ends a hang (however loaded the machine).
  func screen(_ session: String, _ step: String, until condition: (String) -> Bool) throws -> String {
    let deadline = Date().addingTimeInterval(60)
    var text = ""
    repeat {
      let captured = try tmux.run(["capture-pane", "-p", "-J", "-t", session])
      text = captured.split(separator: "\n", omittingEmptySubsequences: false)
        .map { line in String(line.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n")
      if condition(text) { return text }
      Thread.sleep(forTimeInterval: 0.05)
    } while Date() < deadline
    throw NeverShown(step: step, screen: text)
  }

  /// The screen once the REPL waits at an empty prompt, after `condition` holds: libedit has put
  /// the terminal in raw mode by then, so keys sent next are read as editing keys (sent while the
  /// REPL was still busy, the terminal would echo an arrow key as `^[[A`).
  func prompt(_ session: String, _ step: String, after condition: (String) -> Bool = { _ in true }) throws
    -> String
  {
    try screen(session, step) { condition($0) && lastLine($0) == "adhost>" }
  }

  /// Starts `adhost repl` in a new tmux session with the given history file.
  func start(history: String) throws -> String {
    let session = "adhost-test-\(UUID().uuidString.prefix(8))"
    let command = "env ADHOST_HISTORY=\(history) NO_COLOR=1 \(binary) repl \(plugin)"
    try tmux.run(["new-session", "-d", "-s", session, "-x", "120", "-y", "30", command])
    return session
  }

  /// The last line on the screen that is not blank.
  func lastLine(_ screen: String) -> String { screen.split(separator: "\n").last.map(String.init) ?? "" }

  @Test func promptCompletionAndHistoryInATerminal() throws {
    try #require(FileManager.default.isExecutableFile(atPath: binary), "build adhost first (swift build)")
    let scratch = try Scratch()
    let history = scratch.folder.appendingPathComponent("history").path

    let first = try start(history: history)
    defer { _ = try? tmux.run(["kill-session", "-t", first]) }
    let banner = try prompt(first, "the banner")
    #expect(banner.contains("adhost repl — plugin \(plugin)"))
    #expect(banner.contains(":help lists the commands"))

    try tmux.run(["send-keys", "-t", first, "json.enc", "Tab"])
    let completed = try screen(first, "the completion") { lastLine($0) == "adhost> json.encode" }
    #expect(lastLine(completed) == "adhost> json.encode")
    try tmux.run(["send-keys", "-t", first, "({answer = 42})", "Enter"])
    let answered = try prompt(first, "the answer") { $0.contains(#"{\"answer\":42}"#) }
    #expect(answered.contains(#""{\"answer\":42}""#), "\(answered)")

    try tmux.run(["send-keys", "-t", first, "Up"])
    let recalled = try screen(first, "the recalled line") {
      lastLine($0) == "adhost> json.encode({answer = 42})"
    }
    #expect(lastLine(recalled) == "adhost> json.encode({answer = 42})")
    try tmux.run(["send-keys", "-t", first, "C-u", ":quit", "Enter"])
    // The REPL has ended (and written its history) when tmux has closed its session.
    let deadline = Date().addingTimeInterval(60)
    while try tmux.hasSession(first) {
      guard Date() < deadline else { throw NeverShown(step: "the end of the first session", screen: "") }
      Thread.sleep(forTimeInterval: 0.05)
    }

    // A new session recalls the last session's lines.
    let second = try start(history: history)
    defer { _ = try? tmux.run(["kill-session", "-t", second]) }
    _ = try prompt(second, "the second banner")
    try tmux.run(["send-keys", "-t", second, "Up", "Up"])
    let remembered = try screen(second, "the remembered line") {
      lastLine($0) == "adhost> json.encode({answer = 42})"
    }
    #expect(lastLine(remembered) == "adhost> json.encode({answer = 42})", "\(remembered)")

    // Ctrl-C while the clock runs stops the clock, not the REPL. The longest content a source may
    // give (one week): :run takes far longer on it than the test takes to press Ctrl-C. A
    // timeupdate past 0 s shows that :run moves the clock (`:play` alone does not), so that its
    // Ctrl-C handler is in place.
    let long = try scratch.source(duration: 604_800)
    try tmux.run(["send-keys", "-t", second, "C-u", ":source \(long)", "Enter"])
    _ = try prompt(second, "the source loaded") { $0.contains("sourcechange") }
    try tmux.run(["send-keys", "-t", second, ":timeupdates on", "Enter", ":play", "Enter", ":run", "Enter"])
    _ = try screen(second, "the clock moving") { screen in
      // (The lines scroll by: any timeupdate past 0 s will do.)
      screen.split(separator: "\n").contains {
        $0.contains("timeupdate  currentTime=") && !$0.hasSuffix("=0")
      }
    }
    try tmux.run(["send-keys", "-t", second, "C-c"])
    let interrupted = try prompt(second, "the interrupted run") { $0.contains(": interrupted") }
    #expect(interrupted.contains(": interrupted"), "\(interrupted)")
    try tmux.run(["send-keys", "-t", second, "40 + 2", "Enter"])
    let alive = try screen(second, "the answer after the run") {
      lastLine($0) == "adhost>" && $0.contains("\n42\n")
    }
    #expect(alive.contains("\n42\n"), "\(alive)")
  }
}
