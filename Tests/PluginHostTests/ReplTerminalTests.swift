import Foundation
import Testing

/// One REPL session in a real terminal (tmux): the prompt, tab completion, history recall with
/// the up arrow, and the history file kept across sessions.
@Suite(.serialized) struct ReplTerminalTests {
  let tmux: TmuxServer
  let binary = builtAdhost
  let plugin = repositoryRoot.appendingPathComponent("plugins/omnibox.lua").path

  init() throws { tmux = try TmuxServer() }

  /// The screen, once `condition` holds for it (or after 20 s, whatever it shows). Lines the
  /// terminal wrapped are joined (`-J`), so that what the test reads does not depend on the
  /// length of the checkout's path (the banner names the plugin's); blanks at the ends of lines
  /// are trimmed.
  func screen(_ session: String, until condition: (String) -> Bool) throws -> String {
    var text = ""
    for _ in 0..<200 {
      let captured = try tmux.run(["capture-pane", "-p", "-J", "-t", session])
      text = captured.split(separator: "\n", omittingEmptySubsequences: false)
        .map { line in String(line.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n")
      if condition(text) { return text }
      Thread.sleep(forTimeInterval: 0.1)
    }
    return text
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
    let banner = try screen(first) { $0.contains("adhost>") }
    #expect(banner.contains("adhost repl — plugin \(plugin)"))
    #expect(banner.contains(":help lists the commands"))

    try tmux.run(["send-keys", "-t", first, "json.enc", "Tab"])
    let completed = try screen(first) { lastLine($0) == "adhost> json.encode" }
    #expect(lastLine(completed) == "adhost> json.encode")
    try tmux.run(["send-keys", "-t", first, "({answer = 42})", "Enter"])
    let answered = try screen(first) { $0.contains(#"{\"answer\":42}"#) }
    #expect(answered.contains(#""{\"answer\":42}""#), "\(answered)")

    try tmux.run(["send-keys", "-t", first, "Up"])
    let recalled = try screen(first) { lastLine($0) == "adhost> json.encode({answer = 42})" }
    #expect(lastLine(recalled) == "adhost> json.encode({answer = 42})")
    try tmux.run(["send-keys", "-t", first, "C-u", ":quit", "Enter"])
    _ = try screen(first) { !$0.contains("adhost> :quit") }

    // A new session recalls the last session's lines.
    let second = try start(history: history)
    defer { _ = try? tmux.run(["kill-session", "-t", second]) }
    _ = try screen(second) { $0.contains("adhost>") }
    try tmux.run(["send-keys", "-t", second, "Up", "Up"])
    let remembered = try screen(second) { lastLine($0) == "adhost> json.encode({answer = 42})" }
    #expect(lastLine(remembered) == "adhost> json.encode({answer = 42})", "\(remembered)")

    // Ctrl-C while the clock runs stops the clock, not the REPL.
    // The longest content a source may give (one week): :run takes seconds of wall time on it.
    let long = try scratch.source(duration: 604_800)
    try tmux.run([
      "send-keys", "-t", second, "C-u", ":source \(long)", "Enter", ":play", "Enter", ":run", "Enter",
    ])
    _ = try screen(second) { $0.contains("playing  currentTime=0") }
    Thread.sleep(forTimeInterval: 0.5)
    try tmux.run(["send-keys", "-t", second, "C-c"])
    let interrupted = try screen(second) { $0.contains(": interrupted") }
    #expect(interrupted.contains(": interrupted"), "\(interrupted)")
    try tmux.run(["send-keys", "-t", second, "40 + 2", "Enter"])
    let alive = try screen(second) { lastLine($0) == "adhost>" && $0.contains("\n42\n") }
    #expect(alive.contains("\n42\n"), "\(alive)")
  }
}
