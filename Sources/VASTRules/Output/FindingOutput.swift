import OutsideText

extension Finding {
  /// `file:line:column: severity [rule] message`, the form editors and terminals link.
  public var textLine: String {
    let via = chain.isEmpty ? "" : " (wrapper chain: \((chain + [document]).joined(separator: " → ")))"
    return "\(document):\(position.line):\(position.column): \(severity.rawValue) [\(rule)] \(message)\(via)"
  }

  /// One JSON object: rule, severity, message, file, line, column, and the chain above a
  /// document reached through wrappers.
  public var json: JSONValue {
    var object = JSONObject([
      ("rule", .string(rule)), ("severity", .string(severity.rawValue)), ("message", .string(message)),
      ("file", .string(document)), ("line", .number(Double(position.line))),
      ("column", .number(Double(position.column))),
    ])
    if !chain.isEmpty { object["chain"] = .array(chain.map { .string($0) }) }
    return .object(object)
  }
}

extension Rule {
  /// `id  severity  area: statement`, for `adhost check --rules`.
  public var line: String {
    let padding = String(repeating: " ", count: max(1, 40 - id.count))
    return id + padding + severity.rawValue.padding(8) + statement
  }
}

extension RuleCatalogue {
  /// docs/check.md's catalogue section: one table an area, rules in catalogue order.
  public static var markdown: String {
    var text = "<!-- Written by `adhost check --rules --markdown`; a test compares it. -->\n"
    text += "\(rules.count) rules: "
    text += Severity.allCases.reversed().map { severity in
      "\(rules.filter { $0.severity == severity }.count) \(severity.rawValue)"
    }.joined(separator: ", ")
    text += ".\n"
    for area in RuleArea.allCases {
      let inArea = rules.filter { $0.area == area }
      guard !inArea.isEmpty else { continue }
      text +=
        "\n### \(area.rawValue.prefix(1).uppercased() + area.rawValue.dropFirst()) (\(inArea.count))\n\n"
      text += "| id | severity | rule | spec | fix |\n|---|---|---|---|---|\n"
      for rule in inArea {
        let cells = [rule.statement, rule.spec, rule.fix ?? ""].map {
          $0.replacingOccurrences(of: "|", with: "\\|")
        }
        text += "| `\(rule.id)` | \(rule.severity.rawValue) | \(cells[0]) | \(cells[1]) | \(cells[2]) |\n"
      }
    }
    return text
  }
}

extension String {
  fileprivate func padding(_ width: Int) -> String {
    self + String(repeating: " ", count: max(1, width - count))
  }

  fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
    split(separator: Character(target), omittingEmptySubsequences: false).joined(separator: replacement)
  }
}
