import AdPlayer
import CheckedNumbers
import Foundation
import HTTPKit
import PlayerSeam

/// The options of `adhost run` a scenario gives, turned into the command line `adhost run` would
/// get, checked where they are written (the scenario's JSON paths).
struct RunArgumentsReader {
  private(set) var arguments: [String] = []

  init(root: ScenarioJSON, resolve: (String) -> String) throws(ScenarioError) {
    if let folder = try root.member("offline").string() { add(RunOptions.offline, resolve(folder)) }
    for parameter in try root.member("ignoreParams").list() {
      add(RunOptions.ignoreParam, try parameter.requiredString())
    }
    try mapHosts(root.member("mapHost"))
    let startDate = root.member("startDate")
    if let date = try startDate.string() {
      guard RunOptions.isDate(date) else {
        throw startDate.error("expected an ISO 8601 date and time such as 2026-01-01T00:00:00Z")
      }
      add(RunOptions.startDate, date)
    }
    // `faults` (a path or a plan) is read by the scenario itself, its variables replaced.
    if try root.member("live").bool() == true { add(RunOptions.live) }
    if try root.member("allowHttp").bool() == true { add(RunOptions.allowHTTP) }
    if try root.member("allowUnmatched").bool() == true { add(RunOptions.allowUnmatched) }
    if try root.member("checkMedia").bool() == true { add(RunOptions.checkMedia) }
    let vendors = root.member("verificationVendors")
    if !vendors.isAbsent {
      let names = try vendors.list().map { vendor throws(ScenarioError) in try vendor.requiredString() }
      if let bad = names.firstIndex(where: {
        $0.contains(",") || $0.trimmingCharacters(in: .whitespaces).isEmpty
      }) {
        throw vendors.error("expected vendor names without commas, got '\(names[bad])' at \(bad)")
      }
      add(RunOptions.verificationVendors, names.joined(separator: ","))
    }
    try segments(root)
    arguments += try ScenarioEngine.arguments(root)
    let liveStart = root.member("liveStart")
    if let seconds = try liveStart.seconds() {
      guard seconds <= ContentTimeline.maxDuration else {
        throw liveStart.error("expected seconds behind the live edge, a number from 0 to 604800 (one week)")
      }
      add(RunOptions.liveStart, String(seconds))
    }
    try number(root.member("duration"), RunOptions.duration, above: 0)
    try number(root.member("until"), RunOptions.until, above: -1)
    try number(root.member("timeout"), RunOptions.timeout, above: 0)
    try number(root.member("ioSeconds"), RunOptions.ioSeconds, above: -1)
    try number(root.member("backBuffer"), RunOptions.backBuffer, above: -1)
    let budgets = root.member("budgets")
    if !budgets.isAbsent {
      _ = try budgets.object(known: ["memory", "instructions", "seconds", "runSeconds"])
      try number(budgets.member("memory"), LimitOptions.memory, above: -1, unit: "MiB")
      if let count = try budgets.member("instructions").count() {
        add(LimitOptions.instructions, String(count))
      }
      try number(budgets.member("seconds"), LimitOptions.seconds, above: -1)
      try number(budgets.member("runSeconds"), LimitOptions.runSeconds, above: -1)
    }
  }

  /// `mapHost`: `"RECORDED=SENT"` or a list of them, as `--map-host` takes (its variables
  /// replaced: `"127.0.0.1:18231=127.0.0.1:${PORT}"`).
  private mutating func mapHosts(_ json: ScenarioJSON) throws(ScenarioError) {
    if json.isAbsent { return }
    guard arguments.contains(RunOptions.offline.name) else {
      throw json.error("replays a recording: give offline too")
    }
    let items = json.value.arrayValue == nil ? [json] : try json.elements()
    for item in items {
      guard let text = item.value.stringValue else {
        throw item.mismatch("\"RECORDED=SENT\" or a list of them")
      }
      do {
        _ = try HostMapping(text)
      } catch {
        throw item.error("\(error)")
      }
      add(RunOptions.mapHost, text)
    }
  }

  /// How the run loads media segments (docs/media.md): `noSegments`, `buffer` (the forward
  /// buffer, seconds from 1 to 3600), and the variant played, by position (`variant`) or by
  /// bandwidth (`maxBandwidth`), not both.
  private mutating func segments(_ root: ScenarioJSON) throws(ScenarioError) {
    if try root.member("noSegments").bool() == true { add(RunOptions.noSegments) }
    let buffer = root.member("buffer")
    if let seconds = try buffer.seconds() {
      guard seconds >= 1, seconds <= 3600 else {
        throw buffer.error("expected a number of seconds from 1 to 3600")
      }
      add(RunOptions.buffer, String(seconds))
    }
    let variant = root.member("variant")
    let maxBandwidth = root.member("maxBandwidth")
    if !variant.isAbsent, !maxBandwidth.isAbsent {
      throw maxBandwidth.error("variant and maxBandwidth both pick a variant: give one of them")
    }
    if let position = try variant.count() { add(RunOptions.variant, String(position)) }
    if let bandwidth = try maxBandwidth.count() { add(RunOptions.maxBandwidth, String(bandwidth)) }
  }

  /// Adds `option` to the command line, with `value` when it takes one.
  private mutating func add(_ option: CommandOption, _ value: String? = nil) {
    arguments += [option.name] + (value.map { [$0] } ?? [])
  }

  private mutating func number(
    _ json: ScenarioJSON, _ option: CommandOption, above minimum: Double, unit: String = "seconds"
  ) throws(ScenarioError) {
    guard let value = try json.number(of: unit) else { return }
    guard value > minimum else {
      throw json.error("expected a number above \(CheckedNumbers.describe(minimum))")
    }
    add(option, String(value))
  }
}
