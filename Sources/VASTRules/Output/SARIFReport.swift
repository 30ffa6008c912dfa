import OutsideText

/// Findings as a SARIF 2.1.0 log (OASIS), the format GitHub and GitLab code scanning read: one
/// run of the tool `adhost check`, its rules from the catalogue, one result a finding.
public enum SARIFReport {
  /// The schema the log names.
  public static let schema = "https://json.schemastore.org/sarif-2.1.0.json"

  /// The log of `findings` by `tool` (`adhost check`, `adhost run`); `uri(document)` gives each
  /// document's artifact URI.
  public static func log(
    _ findings: [Finding], tool: String = "adhost check", uri: (String) -> String = { $0 }
  ) -> JSONValue {
    let used = Set(findings.map(\.rule))
    let rules = RuleCatalogue.rules.filter { used.contains($0.id) }
    let index = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.id, $0) })
    let results: [JSONValue] = findings.map { finding in
      var result = JSONObject([
        ("ruleId", .string(finding.rule)), ("level", .string(level(finding.severity))),
        ("message", object([("text", .string(finding.message))])),
        (
          "locations",
          .array([
            object([
              (
                "physicalLocation",
                object([
                  ("artifactLocation", object([("uri", .string(uri(finding.document)))])),
                  (
                    "region",
                    object([
                      ("startLine", .number(Double(finding.position.line))),
                      ("startColumn", .number(Double(finding.position.column))),
                    ])
                  ),
                ])
              )
            ])
          ])
        ),
      ])
      if let position = index[finding.rule] { result["ruleIndex"] = .number(Double(position)) }
      return .object(result)
    }
    let driver = object([
      ("name", .string(tool)),
      ("rules", .array(rules.map(descriptor))),
    ])
    return object([
      ("$schema", .string(schema)), ("version", .string("2.1.0")),
      ("runs", .array([object([("tool", object([("driver", driver)])), ("results", .array(results))])])),
    ])
  }

  private static func descriptor(_ rule: Rule) -> JSONValue {
    var help = rule.statement + " (" + rule.spec + ")"
    if let fix = rule.fix { help += " Fix: " + fix }
    return object([
      ("id", .string(rule.id)), ("shortDescription", object([("text", .string(rule.statement))])),
      ("help", object([("text", .string(help))])),
      ("defaultConfiguration", object([("level", .string(level(rule.severity)))])),
      ("properties", object([("area", .string(rule.area.rawValue)), ("spec", .string(rule.spec))])),
    ])
  }

  private static func level(_ severity: Severity) -> String {
    switch severity {
    case .error: "error"
    case .warning: "warning"
    case .info: "note"
    }
  }

  private static func object(_ members: [(String, JSONValue)]) -> JSONValue {
    .object(JSONObject(members.map { (key: $0.0, value: $0.1) }))
  }
}
