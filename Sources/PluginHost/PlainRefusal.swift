import Foundation
import LuaKit
import OutsideText

extension LuaError {
  /// Whether a plugin raised this on purpose with `error(message, 0)`: a string message without
  /// a position, raised by `error` itself. Such a refusal (`sources[0].ssai.placement is
  /// required`) says all there is to say, so the host prints it without a traceback.
  var isPlainRefusal: Bool {
    guard kind == .runtime, chunk == nil, !message.hasPrefix("(error object") else { return false }
    let frames = (traceback ?? "").split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    return frames.dropFirst().first == "[C]: in function 'error'"
  }

  /// The text for standard error: the message (on one line, its control characters escaped: it
  /// may carry an ad server's text), with the traceback unless it is a plain refusal.
  var diagnosticText: String {
    guard let traceback = printedTraceback, !traceback.isEmpty else { return TerminalEscape.line(message) }
    return TerminalEscape.line(message) + "\n" + traceback
  }

  /// The traceback to print, if any (none for a plain refusal).
  var printedTraceback: String? { isPlainRefusal ? nil : traceback }
}
