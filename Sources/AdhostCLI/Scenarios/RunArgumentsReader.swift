import AdPlayer
import CheckedNumbers
import Foundation

/// The options of `adhost run` a scenario gives, turned into the command line `adhost run` would
/// get, checked where they are written (the scenario's JSON paths).
struct RunArgumentsReader {
  private(set) var arguments: [String] = []

  init(root: ScenarioJSON, resolve: (String) -> String) throws(ScenarioError) {
    if let folder = try root.member("offline").string() { arguments += ["--offline", resolve(folder)] }
    for parameter in try root.member("ignoreParams").list() {
      arguments += ["--ignore-param", try parameter.requiredString()]
    }
    let startDate = root.member("startDate")
    if let date = try startDate.string() {
      guard RunOptions.isDate(date) else {
        throw startDate.error("expected an ISO 8601 date and time such as 2026-01-01T00:00:00Z")
      }
      arguments += ["--start-date", date]
    }
    if let plan = try root.member("faults").value.stringValue.map(resolve) {
      arguments += ["--faults", plan]
    }
    if try root.member("live").bool() == true { arguments.append("--live") }
    if try root.member("allowHttp").bool() == true { arguments.append("--allow-http") }
    if try root.member("allowUnmatched").bool() == true { arguments.append("--allow-unmatched") }
    if try root.member("checkMedia").bool() == true { arguments.append("--check-media") }
    let vendors = root.member("verificationVendors")
    if !vendors.isAbsent {
      let names = try vendors.list().map { vendor throws(ScenarioError) in try vendor.requiredString() }
      if let bad = names.firstIndex(where: {
        $0.contains(",") || $0.trimmingCharacters(in: .whitespaces).isEmpty
      }) {
        throw vendors.error("expected vendor names without commas, got '\(names[bad])' at \(bad)")
      }
      arguments += ["--verification-vendors", names.joined(separator: ",")]
    }
    try number(root.member("duration"), "--duration", above: 0)
    try number(root.member("until"), "--until", above: -1)
    try number(root.member("timeout"), "--timeout", above: 0)
    let budgets = root.member("budgets")
    if !budgets.isAbsent {
      _ = try budgets.object(known: ["memory", "instructions", "seconds", "runSeconds"])
      try number(budgets.member("memory"), "--memory", above: -1, unit: "MiB")
      if let count = try budgets.member("instructions").count() {
        arguments += ["--instructions", String(count)]
      }
      try number(budgets.member("seconds"), "--seconds", above: -1)
      try number(budgets.member("runSeconds"), "--run-seconds", above: -1)
    }
  }

  private mutating func number(
    _ json: ScenarioJSON, _ option: String, above minimum: Double, unit: String = "seconds"
  ) throws(ScenarioError) {
    guard let value = try json.number(of: unit) else { return }
    guard value > minimum else {
      throw json.error("expected a number above \(CheckedNumbers.describe(minimum))")
    }
    arguments += [option, String(value)]
  }
}
