import AdCheck
import VASTRules

/// The strict SSAI/VAST rules over a scenario's run (docs/testing.md): each violation at or
/// above `failOn` is a failure named by its severity and rule, unless the scenario (or
/// `--config`) turned the rule off.
struct StrictCheck {
  let run: ScenarioRun
  let settings: StrictSettings
  /// The tracking vocabulary declared before the run, and the scenario's narrowing.
  let tracking: TrackingDeclarations
  /// `adhost test --config FILE`: its rules off add to the scenario's `strict.off`.
  var config = CheckConfig()
  /// The least severity that fails (`--fail-on`, error by default).
  var failOn = Severity.error

  /// The violations; the `aderror`s with these messages are expected by the scenario.
  func failures(expectedErrors: [String]) -> [TestFailure] {
    guard settings.enabled else { return [] }
    var options = StrictOptions(progressStep: settings.progressStep, expectedErrors: expectedErrors)
    options.tracking = tracking
    options.config = config
    options.config.off.formUnion(settings.off)
    return StrictRules.check(run.log, options: options)
      .filter { $0.severity >= failOn }
      .map { TestFailure(expectation: "strict", message: "\($0.severity.rawValue): \($0)", time: $0.time) }
  }
}

/// Which strict checks a scenario runs: all by default, or none, or all but some rules; and
/// how far a quartile may be from its time.
struct StrictSettings {
  var enabled = true
  var off: Set<String> = []
  var progressStep = StrictOptions().progressStep

  init(_ json: ScenarioJSON) throws(ScenarioError) {
    if json.isAbsent { return }
    if let flag = try? json.bool() {
      enabled = flag
      return
    }
    _ = try json.object(known: ["off", "progressStep"])
    let known = Set(StrictRule.allCases.map(\.id))
    for rule in try json.member("off").list() {
      let id = try rule.requiredString()
      guard known.contains(id) else {
        throw rule.error(
          "expected a strict rule's id (\(known.sorted().joined(separator: ", "))), found \"\(id)\"")
      }
      off.insert(id)
    }
    progressStep = try json.member("progressStep").seconds() ?? progressStep
  }
}
