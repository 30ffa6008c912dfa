import Foundation
import HTTPKit
import LuaKit
import VASTKit

extension PluginHost {
  /// `vast.loadVMAP(url, opts)`: loads a VMAP schedule with the host's HTTP client (recorded,
  /// replayed, faults applied; a `vast` request) and returns it as `vast.parseVMAP` does, or
  /// `nil, {code =, message =}` with a VMAP code. Suspends like `vast.load`; `opts.timeout` is
  /// the request's seconds (default 5). No ad tag of the schedule is loaded.
  func loadVMAPFunction(for plugin: Plugin) -> LuaSwiftFunction {
    { [weak self, weak plugin] call in
      guard let self, let plugin else { return 0 }
      guard let text = call.string(1) else {
        throw ArgumentError("vast.loadVMAP: the URL must be a string, got \(call.typeName(1))")
      }
      guard let url = URL(string: text), url.scheme != nil else {
        return call.return(.nil, Self.vmapErrorTable(VMAPError(.adResponseRetrieval, "invalid URL: \(text)")))
      }
      let timeout = try call.value(2).seconds("timeout", of: "vast.loadVMAP", atMost: HTTPRequest.maxTimeout)
      let loader = VMAPLoader(client: self.http, timeout: timeout ?? 5)
      let cancelled: [LuaValue] = [.nil, ["code": 900, "message": "cancelled"]]
      return try self.wait(call, plugin: plugin, label: "VMAP \(text)", cancelled: cancelled) { finish in
        loader.load(url) { result in
          finish {
            switch result {
            case .success(let document): return [Self.vmapTable(document)]
            case .failure(let error): return [.nil, Self.vmapErrorTable(error)]
            }
          }
        }
      }
    }
  }

  static func vmapErrorTable(_ error: VMAPError) -> LuaValue {
    ["code": .integer(Int64(error.code.rawValue)), "message": .string(error.message)]
  }
}
