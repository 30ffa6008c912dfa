import Foundation
import OutsideText

/// One target of targets.json (bundled with adhost-bench, docs/benchmarks.md): a figure of a
/// suite that must be at most or at least a bound. `adhost-bench SUITE --check` compares a run's
/// figures with its suite's targets.
struct BenchTarget {
  let suite: String
  let figure: String
  /// The bound: the figure must be at most it (`atMost`) or at least it (`atLeast`).
  let bound: Double
  let isUpperBound: Bool

  struct Problem: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
  }

  /// targets.json, as built into adhost-bench's resources.
  static func load() throws -> [BenchTarget] {
    guard let url = Bundle.module.url(forResource: "targets", withExtension: "json") else {
      throw Problem("targets.json is not among adhost-bench's resources")
    }
    return try parse(String(decoding: try Data(contentsOf: url), as: UTF8.self), file: "targets.json")
  }

  /// `{"targets": [{"suite", "figure", "atMost" or "atLeast", "why"}, …]}`; an error names the
  /// file and the JSON path.
  static func parse(_ text: String, file: String) throws -> [BenchTarget] {
    do {
      let top = try JSONReader(JSONValue.parse(text, refusingRepeatedMembers: true), path: "")
      try top.refuseUnknownMembers(except: ["about", "targets"])
      guard let list = top.value("targets")?.arrayValue else {
        throw JSONPathError(path: "targets", expectation: "expected an array of targets")
      }
      return try list.enumerated().map { (index, element) throws(JSONPathError) in
        let target = try JSONReader(element, path: elementPath("targets", index))
        try target.refuseUnknownMembers(except: ["suite", "figure", "atMost", "atLeast", "why"])
        let most = try target.number("atMost")
        let least = try target.number("atLeast")
        guard let bound = most ?? least, (most == nil) != (least == nil) else {
          throw JSONPathError(path: target.path, expectation: "expected one of atMost and atLeast")
        }
        _ = try target.requiredString("why")
        return BenchTarget(
          suite: try target.requiredString("suite"), figure: try target.requiredString("figure"),
          bound: bound,
          isUpperBound: most != nil)
      }
    } catch {
      throw Problem("\(file): \(error)")
    }
  }

  /// Whether this run's figures meet the target, and a line saying by how much.
  func verdict(_ figures: [(key: String, value: BenchValue)]) -> (missed: Bool, line: String) {
    let relation = isUpperBound ? "≤" : "≥"
    let wanted = "\(suite) \(figure) \(relation) \(Self.shown(bound))"
    guard let value = figures.first(where: { $0.key == figure }).flatMap({ Self.number($0.value) }) else {
      return (true, "MISSED \(wanted): not printed by this run")
    }
    let gap = isUpperBound ? value - bound : bound - value
    let share = bound == 0 ? "" : String(format: ", %.1f %%", abs(gap / bound) * 100)
    if gap > 0 {
      return (true, "MISSED \(wanted): \(Self.shown(value)), off by \(Self.shown(gap))\(share)")
    }
    return (false, "met    \(wanted): \(Self.shown(value)), \(Self.shown(-gap)) to spare\(share)")
  }

  private static func number(_ value: BenchValue) -> Double? {
    if case .integer(let whole) = value { return Double(whole) }
    if case .number(let number) = value, number.isFinite { return number }
    return nil
  }

  private static func shown(_ value: Double) -> String {
    abs(value) >= 1000 ? String(format: "%.0f", value) : String(format: "%.3f", value)
  }
}
