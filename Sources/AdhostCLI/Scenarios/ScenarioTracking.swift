import AdCheck
import PlayerSeam

/// A scenario's tracking vocabulary before its run: what its folder's `scenarios.json` declares
/// (`tracking`) and the scenario's own `tracking`, which keeps only some of what is declared
/// (docs/testing.md "Tracking vocabulary"). The plugin's declarations come with the run's log.
enum ScenarioTracking {
  /// The declarations of the folder's settings and the scenario's narrowing.
  static func declarations(_ root: ScenarioJSON, settings: FolderSettings?) throws(ScenarioError)
    -> TrackingDeclarations
  {
    let own = root.member("tracking")
    return TrackingDeclarations(
      settings: settings?.tracking, source: FolderSettings.fileName,
      narrowing: own.isAbsent ? nil : try vocabulary(own))
  }

  /// A `tracking` member: `{"impressionEvents": […], "harmlessAnswers": [{"status": 404, …}]}`.
  static func vocabulary(_ json: ScenarioJSON) throws(ScenarioError) -> TrackingVocabulary {
    do {
      return try TrackingVocabulary(json: json.value, path: json.path)
    } catch {
      throw ScenarioError(file: json.file, path: error.path, expectation: error.expectation)
    }
  }
}
