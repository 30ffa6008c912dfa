/// One rule's test: a document that breaks it, made from a clean one by text replacements
/// (each must find its text) or written out whole.
struct RuleCase: CustomStringConvertible, Sendable {
  let rule: String
  let base: String
  let edits: [(String, String)]

  /// The rule's case: `base` with each `(find, replace)` applied.
  init(_ rule: String, in base: String = CleanDocuments.inline, _ edits: (String, String)...) {
    self.rule = rule
    self.base = base
    self.edits = edits
  }

  /// A case with its whole document.
  init(_ rule: String, raw: String) {
    self.rule = rule
    base = raw
    edits = []
  }

  /// The document, or nil when an edit's text is not in the base (the case is wrong).
  var document: String? {
    var text = base
    for (find, replace) in edits {
      guard let range = text.range(of: find) else { return nil }
      text.replaceSubrange(range, with: replace)
    }
    return text
  }

  var description: String { rule }
}

extension String {
  /// The first occurrence of `target`, found without Foundation.
  fileprivate func range(of target: String) -> Range<String.Index>? {
    guard !target.isEmpty else { return nil }
    var index = startIndex
    while index < endIndex {
      if self[index...].hasPrefix(target) { return index..<(self.index(index, offsetBy: target.count)) }
      index = self.index(after: index)
    }
    return nil
  }
}
