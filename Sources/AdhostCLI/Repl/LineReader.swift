import CLibEdit
import Foundation

/// Where the REPL's lines come from.
protocol LineReader: AnyObject {
  /// The next line, without its newline; nil at the end of input.
  func readLine(prompt: String) -> String?
}

/// Lines from standard input, without prompts: for scripts, pipes and tests.
final class PlainLineReader: LineReader {
  func readLine(prompt: String) -> String? { Swift.readLine(strippingNewline: true) }
}

/// Lines given in advance (for tests).
final class ScriptedLineReader: LineReader {
  private var lines: [String]
  init(_ lines: [String]) { self.lines = lines }
  func readLine(prompt: String) -> String? { lines.isEmpty ? nil : lines.removeFirst() }
}

/// Line editing in a terminal through libedit: history (kept in a file across sessions), and
/// tab completion from `complete`.
final class EditingLineReader: LineReader {
  private let historyFile: String

  init(historyFile: String, complete: @escaping (String) -> [String]) {
    self.historyFile = historyFile
    _ = read_history(historyFile)
    Completion.state.provider = complete
    adhost_set_completion { text, _, _ in
      guard let text else { return nil }
      Completion.state.candidates = Completion.state.provider?(String(cString: text)) ?? []
      Completion.state.next = 0
      // A completed word gets no space after it: the user goes on with `.`, `:` or `(`.
      adhost_set_completion_append_character(0)
      return rl_completion_matches(text) { _, _ in
        guard Completion.state.next < Completion.state.candidates.count else { return nil }
        defer { Completion.state.next += 1 }
        return strdup(Completion.state.candidates[Completion.state.next])
      }
    }
  }

  func readLine(prompt: String) -> String? {
    guard let line = readline(prompt) else { return nil }
    defer { free(line) }
    let text = String(cString: line)
    if !text.trimmingCharacters(in: .whitespaces).isEmpty {
      _ = add_history(text)
      _ = write_history(historyFile)
    }
    return text
  }

  /// `$ADHOST_HISTORY`, else `~/.adhost_history`.
  static func defaultHistoryFile(environment: [String: String]) -> String {
    if let path = environment["ADHOST_HISTORY"], !path.isEmpty { return path }
    let home = environment["HOME"] ?? NSHomeDirectory()
    return (home as NSString).appendingPathComponent(".adhost_history")
  }
}

/// libedit's completion callbacks are C functions: their state lives here. The REPL reads one
/// line at a time on one thread.
private enum Completion {
  struct State {
    var provider: ((String) -> [String])?
    var candidates: [String] = []
    var next = 0
  }

  // why: libedit calls C functions without a context, on the REPL's one thread: a global it is.
  nonisolated(unsafe) static var state = State()
}
