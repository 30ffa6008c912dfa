import AdPlayer
import HTTPKit
import PlayerSeam

/// A scenario's `faults`: a fault plan's path or the plan inline, read with its variables
/// replaced.
enum ScenarioFaults {
  /// The plan and its JSON; nil for none. Errors name the file and the JSON path.
  static func plan(_ json: ScenarioJSON, _ files: ReferencedFiles) throws(ScenarioError) -> (
    FaultPlan?, JSONValue?
  ) {
    if json.isAbsent { return (nil, nil) }
    if let path = json.value.stringValue {
      let (resolved, value, _) = try files.read(json, path, "faults")
      return (try plan(value, file: resolved, at: ""), value)
    }
    guard json.value.objectValue != nil else {
      throw json.mismatch("a fault plan's path or a fault plan ({\"rules\": […]})")
    }
    return (try plan(json.value, file: json.file, at: json.path), json.value)
  }

  private static func plan(_ value: JSONValue, file: String, at path: String) throws(ScenarioError)
    -> FaultPlan
  {
    do {
      return try FaultPlan(json: value, file: file, at: path)
    } catch {
      throw ScenarioError(file: error.file, path: error.path, expectation: error.message)
    }
  }
}
