import LuaKit
import PlayerSeam

/// A handler method of a plugin that failed; the player reports it (fatal for `setSource` and
/// `resetSource`, an `aderror` for `skipAd`).
struct PluginCallbackError: Error, CustomStringConvertible {
  let description: String
}

extension PluginHost {
  /// `player.ads:registerServerSideIntegration(id, factory)`: calls the factory with the
  /// controller at once and binds the handler table it returns.
  func register(_ id: String, factory: LuaFunction, plugin: Plugin) throws {
    if Self.builtInIntegrationIds.contains(id) {
      throw ArgumentError(
        "registerServerSideIntegration: \"\(id)\" is the host's built-in integration for client-side ads "
          + "(the source's `ads`): choose another id")
    }
    try player.ads.registerServerSideIntegration(id) { controller in
      let results = try lua.call(factory, [.object(controller)])
      let table = try handlerTable(results.first ?? .nil, id: id)
      return try handler(table, id: id, plugin: plugin)
    }
    plugin.integrations.append(id)
  }

  private func handlerTable(_ value: LuaValue, id: String) throws -> LuaTableReference {
    guard let table = lua.tableReference(value), value.typeName == "table" else {
      throw ArgumentError(
        "registerServerSideIntegration(\"\(id)\"): the factory must return a handler table, got \(value.typeName)"
      )
    }
    return table
  }

  /// The player's handler for a plugin's handler table; methods the table lacks keep the
  /// player's defaults.
  private func handler(_ table: LuaTableReference, id: String, plugin: Plugin) throws
    -> ServerSideAdIntegrationHandler
  {
    func method(_ name: String) throws -> LuaFunction? {
      switch try table.get(name) {
      case .nil: return nil
      case .function(let function): return function
      case let other:
        throw ArgumentError(
          "integration \"\(id)\": handler.\(name) must be a function, got \(other.typeName)")
      }
    }
    var handler = ServerSideAdIntegrationHandler()
    if let setSource = try method("setSource") {
      handler.setSource = { [weak self, weak plugin] source, completion in
        guard let self, let plugin else { return completion(.success(.notHandled)) }
        let argument = LuaValue(json: source.json)
        // The host keeps this until the coroutine ends (it may wait for HTTP): held weakly, so
        // a host dropped meanwhile is freed and the call never completes.
        self.runCallback(setSource, [argument]) { [weak self] result in
          guard let self else { return }
          completion(self.setSourceOutcome(result, plugin: plugin, id: id))
        }
      }
    }
    let skipAd = try method("skipAd")
    if let skipAd {
      handler.skipAd = { [weak self, weak plugin] ad in
        guard let self, let plugin else { return }
        var failure: LuaError?
        var finished = false
        self.runCallback(skipAd, [.object(ad)]) { [weak self] result in
          if case .failure(let error) = result {
            if finished {
              self?.reportPluginError(error, plugin: plugin, what: "\(id) skipAd")
            } else {
              failure = error
            }
          }
        }
        finished = true
        if let failure {
          self.diagnostics(failure.diagnosticText)
          throw PluginCallbackError(description: "skipAd: \(failure.message)")
        }
      }
    }
    let resetSource = try method("resetSource")
    handler.resetSource = { [weak self, weak plugin] completion in
      guard let self, let plugin else { return completion(.success(())) }
      plugin.cancelSourceWork()
      guard let resetSource else {
        self.player.ads.controller(for: id)?.removeAllAds()
        return completion(.success(()))
      }
      self.runCallback(resetSource, []) { [weak self] result in
        guard let self else { return }
        completion(result.map { _ in () }.mapError { self.callbackError($0) })
      }
    }
    let destroy = try method("destroy")
    handler.destroy = { [weak self, weak plugin] in
      guard let self, let plugin else { return }
      plugin.cancelSourceWork()
      if let destroy {
        self.runDetached(destroy, [], plugin: plugin, what: "\(id) destroy")
      }
      if let view = plugin.view { self.removeListeners(of: view) }
    }
    return handler
  }

  private func setSourceOutcome(
    _ result: Result<[LuaValue], LuaError>, plugin: Plugin, id: String
  ) -> Result<SetSourceOutcome, any Error> {
    switch result {
    case .failure(let error): return .failure(callbackError(error))
    case .success(let values):
      let value = values.first ?? .nil
      switch value {
      case .nil, .boolean(false): return .success(.notHandled)
      case .boolean(true): return .success(.handled)
      case .dictionary, .array, .table:
        do {
          let json = try LuaJSON.json(value, path: "source")
          return .success(.transformed(try SourceDescription(json: json, path: "")))
        } catch {
          return .failure(
            PluginCallbackError(description: "it returned a source that is not valid: \(error)"))
        }
      default:
        return .failure(
          PluginCallbackError(
            description:
              "it must return a source table, true (handled) or nil/false (not handled), got \(value.typeName)"
          ))
      }
    }
  }

  /// The error of a failed `setSource` or `resetSource`: the message alone, as the player
  /// names the method (`setSource of uplynk failed: uplynk.lua:12: …`).
  private func callbackError(_ error: LuaError) -> PluginCallbackError {
    // A plain refusal (`error(msg, 0)`) is all in the fatal error's message: nothing more to print.
    if !error.isPlainRefusal { diagnostics(error.diagnosticText) }
    return PluginCallbackError(description: error.message)
  }
}
