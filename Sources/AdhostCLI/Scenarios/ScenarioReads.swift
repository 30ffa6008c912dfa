import OutsideText
import Synchronization

/// The JSON files of one `adhost test`, each read and parsed once for the run: the scenario files
/// (which are first read to find their setups, then again to run them), their folders'
/// `scenarios.json` (read for every scenario beside it) and the files they name by path (a source,
/// actions, faults, which many scenarios share). Only what parsed is kept: a file that cannot be
/// read or parsed is read again when asked, and fails with the same error each time. A run reads
/// the files as they are when first asked for. Any thread (a file is read under the lock, once).
final class ScenarioReads: Sendable {
  private struct Store: Sendable {
    var scenarios: [String: ScenarioJSON] = [:]
    var referenced: [String: JSONValue] = [:]
    var reads = 0
  }

  private let store = Mutex(Store())

  init() {}

  /// How many files were read and parsed (the tests' measure of the work).
  var reads: Int { store.withLock { $0.reads } }

  /// The scenario (or `scenarios.json`) file `file`, parsed as `Scenario.parse` parses it.
  func scenario(_ file: String) throws(ScenarioError) -> ScenarioJSON {
    try store.withLock { (store) throws(ScenarioError) in
      if let parsed = store.scenarios[file] { return parsed }
      store.reads += 1
      let parsed = try Scenario.parse(file)
      store.scenarios[file] = parsed
      return parsed
    }
  }

  /// The JSON file at `path` that a scenario names (`read` reads and parses it, throwing as the
  /// caller reports).
  func referenced(_ path: String, read: () throws -> JSONValue) throws -> JSONValue {
    try store.withLock { store in
      if let parsed = store.referenced[path] { return parsed }
      store.reads += 1
      let parsed = try read()
      store.referenced[path] = parsed
      return parsed
    }
  }
}
