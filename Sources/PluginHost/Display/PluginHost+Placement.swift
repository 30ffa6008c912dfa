import LuaKit
import PlayerSeam

/// A display placement could not be shown.
public struct PlacementError: Error, CustomStringConvertible {
  public let description: String
}

extension PluginHost {
  /// The integration ids with a display placement (`webview.registerPlacement`).
  public var placementIds: [String] { plugins.flatMap { $0.placements.keys.sorted() } }

  /// Runs the placement function the plugin registered for `integration` with `placement` (the
  /// placement file's object); it opens and loads a view and returns it.
  public func showPlacement(integration: String, placement: JSONValue) throws(PlacementError) -> PluginWebView
  {
    guard let plugin = plugins.first(where: { $0.placements[integration] != nil }),
      let function = plugin.placements[integration]
    else {
      let known = placementIds.isEmpty ? "none" : placementIds.joined(separator: ", ")
      throw PlacementError(
        description: "no plugin registered a display placement for \"\(integration)\" (registered: \(known))")
    }
    var outcome: Result<[LuaValue], LuaError>?
    runCallback(function, [LuaJSON.lua(placement, null: .nil)]) { outcome = $0 }
    switch outcome {
    case .success(let values)?:
      guard case .object(let object)? = values.first, let view = object as? PluginWebView else {
        let error = values.count > 1 ? values[1] : .nil
        throw PlacementError(
          description: "the \(integration) placement returned no view: \(LuaValueText.describe(error))")
      }
      return view
    case .failure(let error)?:
      throw PlacementError(description: "the \(integration) placement failed: \(error.message)")
    case nil:
      throw PlacementError(
        description: "the \(integration) placement waited (it may not: it runs to its end at once)")
    }
  }

  /// Closes every view still open, as the native close does: each once what it set off reached a
  /// defined point (its navigations answered, its requests logged, bounded by its load deadline),
  /// with a `close` line giving `reason`; its helper process and display end. The host's end:
  /// `HeadlessHost.end()` at the end of a run, and the host's release.
  public func closeWebViews(reason: String = "end of run") {
    for view in webViews where !view.view.isClosed { view.view.close(reason: reason) }
  }
}
