import OutsideText

/// What `--config FILE` sets: a severity for a rule, rules off, the VAST version to judge by.
///
/// The file is JSON: `{"target": "4.2", "rules": {"url-http": "off", "mediafile-bitrate-missing":
/// "error"}}`; both members are optional.
public struct CheckConfig: Sendable, Equatable {
  /// Severities that differ from the catalogue's.
  public var severities: [String: Severity] = [:]
  /// Rules switched off.
  public var off: Set<String> = []
  /// The version every document is judged by, whatever it declares.
  public var target: VASTVersion?

  /// The catalogue's defaults.
  public init() {}

  /// Reads a configuration's JSON text; errors name the JSON path and what was expected.
  public init(json text: String) throws(JSONPathError) {
    let value: JSONValue
    do {
      value = try JSONValue.parse(text, refusingRepeatedMembers: true)
    } catch {
      throw JSONPathError(error)
    }
    let reader = try JSONReader(value, path: "")
    for (key, _) in reader.object where key != "target" && key != "rules" {
      throw JSONPathError(path: key, expectation: "unknown member (expected target or rules)")
    }
    if let target = try reader.string("target") {
      guard let version = VASTVersion(target), VASTVersion.supported.contains(version) else {
        throw JSONPathError(
          path: "target", expectation: "expected a VAST version from 2.0 to 4.3, found '\(target)'")
      }
      self.target = version
    }
    guard let rules = reader.value("rules") else { return }
    let table = try JSONReader(rules, path: "rules")
    for (id, _) in table.object {
      guard RuleCatalogue.rule(id) != nil else {
        throw JSONPathError(
          path: table.path(id), expectation: "no rule has this id (adhost check --rules lists them)")
      }
      let setting = try table.requiredString(id)
      if setting == "off" {
        off.insert(id)
      } else if let severity = Severity(rawValue: setting) {
        severities[id] = severity
      } else {
        throw JSONPathError(
          path: table.path(id), expectation: "expected error, warning, info or off, found '\(setting)'")
      }
    }
  }

  /// The severity of `rule` under this configuration, nil when it is off.
  public func severity(of rule: Rule) -> Severity? {
    // The catalogue's defaults (no --config) are asked for every rule of every document.
    if off.isEmpty && severities.isEmpty { return rule.severity }
    return off.contains(rule.id) ? nil : severities[rule.id] ?? rule.severity
  }
}
