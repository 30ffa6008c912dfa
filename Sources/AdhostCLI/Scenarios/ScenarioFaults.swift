import AdPlayer
import HTTPKit

/// A scenario's `faults`: a fault plan's path (passed on as `--faults`) or the plan inline.
enum ScenarioFaults {
  /// The inline plan and its JSON; nil for none or a path. Errors name the scenario's JSON path.
  static func inline(_ json: ScenarioJSON) throws(ScenarioError) -> (FaultPlan?, JSONValue?) {
    if json.isAbsent || json.value.stringValue != nil { return (nil, nil) }
    guard json.value.objectValue != nil else {
      throw json.mismatch("a fault plan's path or a fault plan ({\"rules\": […]})")
    }
    do {
      return (try FaultPlan(json: json.value, file: json.file, at: json.path), json.value)
    } catch {
      throw ScenarioError(file: error.file, path: error.path, expectation: error.message)
    }
  }
}
