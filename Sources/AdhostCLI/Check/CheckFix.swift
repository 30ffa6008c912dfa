import Foundation
import OutsideText
import VASTRules

/// `adhost check --fix`: writes each document's fixed copy (`DocumentFixer`) and prints what it
/// changed; the findings printed after are the copy's.
struct CheckFix {
  /// `--fix-to PATH`, for one document; else each copy is `NAME.fixed.xml` beside it.
  let target: String?

  /// The copy's path for `document`.
  func path(for document: String) -> String {
    if let target { return target }
    let base = document.lowercased().hasSuffix(".xml") ? String(document.dropLast(4)) : document
    return base + ".fixed.xml"
  }

  /// Fixes `bytes` of `document`, writes the copy, prints the changes (to standard error with
  /// `--json`, whose standard output is findings only); the copy's name and bytes.
  func apply(_ document: String, _ bytes: [UInt8], json: Bool, console: Console) throws -> (
    name: String, bytes: [UInt8]
  ) {
    guard !document.contains("://") else {
      throw UsageError("\(document): --fix writes a fixed copy of a file; save the URL's document first")
    }
    let fixed = DocumentFixer.fix(bytes)
    let copy = path(for: document)
    do {
      try UserFile.write(Data(fixed.bytes), to: copy)
    } catch {
      throw FixNotSaved(path: copy, reason: WritePath.reason(file: copy, error))
    }
    var lines = fixed.changes.map { change in
      "\(document):\(change.position.line):\(change.position.column): fixed [\(change.rule)] \(change.description)"
    }
    let count = fixed.changes.count
    lines.append(
      "\(document): \(count == 0 ? "nothing to fix" : "\(count) change\(count == 1 ? "" : "s")"), written to \(copy)"
    )
    for line in lines {
      if json {
        console.printError(TerminalEscape.line(line))
      } else {
        console.print(TerminalEscape.line(line))
      }
    }
    return (copy, fixed.bytes)
  }
}

/// A fixed copy that could not be written (exit 74, as an unsaved `--sarif` log).
struct FixNotSaved: Error, CustomStringConvertible {
  let path: String
  let reason: String
  var description: String { "--fix: \(path): \(reason)" }
}
