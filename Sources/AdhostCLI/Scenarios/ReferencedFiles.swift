import AdPlayer
import PlayerSeam

/// The source, actions and faults files a scenario names by path: read, parsed and their
/// `${NAME}`s replaced, errors naming the file (and the JSON path inside it).
struct ReferencedFiles {
  let resolve: (String) -> String
  let variables: ScenarioVariables
  /// The run's files read so far: a file many scenarios name is parsed once.
  var reads = ScenarioReads()

  /// The file `path` (resolved) that `json` names: its resolved path, its JSON with variables
  /// replaced, and whether any were.
  func read(_ json: ScenarioJSON, _ path: String, _ what: String) throws(ScenarioError) -> (
    path: String, value: JSONValue, changed: Bool
  ) {
    let resolved = resolve(path)
    let parsed: JSONValue
    do {
      parsed = try reads.referenced(resolved) {
        try JSONValue.parse(try SourceFile.read(resolved, what), refusingRepeatedMembers: true)
      }
    } catch let error as JSONSyntaxError {
      throw json.error("\(resolved): \(ModelDecodingError(error))")
    } catch {
      throw json.error("\(error)")
    }
    let value = try variables.substitute(parsed, file: resolved, path: "")
    return (resolved, value, value != parsed)
  }
}
