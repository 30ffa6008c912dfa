import Foundation
import HTTPKit
import LuaKit
import PlaybackEngine
import PlayerSeam

extension PluginHost {
  /// `http.get(url, opts)` and `http.post(url, body, opts)`: suspend the calling plugin code until
  /// the answer, `{status=, headers=, body=, url=, redirects=}` (`url` the final URL,
  /// `redirects` `{ {url =, status =}, … }` followed to it), or `nil, message`. The clock waits meanwhile.
  func httpModule(for plugin: Plugin) -> [String: LuaValue] {
    module([
      "get": { [weak self, weak plugin] call in
        guard let self, let plugin else { return 0 }
        return try self.request(call, method: "GET", body: nil, optionsIndex: 2, plugin: plugin)
      },
      "post": { [weak self, weak plugin] call in
        guard let self, let plugin else { return 0 }
        let body: Data?
        switch try call.value(2) {
        case .nil: body = nil
        case .string(let text): body = Data(text.utf8)
        case .bytes(let bytes): body = Data(bytes)
        case let other: throw ArgumentError("http.post: the body must be a string, got \(other.typeName)")
        }
        return try self.request(call, method: "POST", body: body, optionsIndex: 3, plugin: plugin)
      },
    ])
  }

  private func request(
    _ call: LuaCall, method: String, body: Data?, optionsIndex: Int, plugin: Plugin
  ) throws -> Int32 {
    let name = "http.\(method.lowercased())"
    guard let text = call.string(1) else {
      throw ArgumentError("\(name): the URL must be a string, got \(call.typeName(1))")
    }
    guard let url = URL(string: text), url.scheme != nil else {
      return call.return(.nil, .string("invalid URL: \(text)"))
    }
    var request = HTTPRequest(url: url, method: method, headers: [:], body: body, timeout: http.timeout)
    if case .dictionary(let options) = try call.value(optionsIndex) {
      if case .dictionary(let headers) = options["headers"] ?? .nil {
        for (key, value) in headers { request.headers[key] = value.stringValue ?? LuaValue.describe(value) }
      }
      if let kind = options["kind"] {
        guard let name = kind.stringValue, let known = RequestKind(rawValue: name) else {
          let names = RequestKind.allCases.map(\.rawValue).joined(separator: ", ")
          throw ArgumentError("\(name): opts.kind must be one of \(names), got \(LuaValue.describe(kind))")
        }
        request.kind = known
      }
      if let timeout = try LuaValue.dictionary(options).seconds(
        "timeout", of: name, atMost: HTTPRequest.maxTimeout)
      {
        request.timeout = timeout
      }
    }
    return try wait(call, plugin: plugin, label: "\(method) \(text)") { finish in
      self.http.send(request) { result in
        finish { Self.luaResult(result) }
      }
    }
  }

  /// Suspends the calling coroutine until `start`'s work calls back; the clock waits meanwhile.
  /// `start` gets a function to call (on any thread) with what makes the Lua results.
  func wait(
    _ call: LuaCall, plugin: Plugin, label: String, cancelled: [LuaValue] = [.nil, "cancelled"],
    start: (_ finish: @escaping @Sendable (@escaping @Sendable () -> [LuaValue]) -> Void) -> Void
  ) throws -> Int32 {
    guard let coroutine = call.coroutine else {
      throw ArgumentError(
        "\(label.split(separator: " ").first ?? ""): cannot wait here — call it from plugin code the host runs"
      )
    }
    let suspend = try call.suspend()
    let id = plugin.nextPending
    plugin.nextPending += 1
    // The wait is registered before the work can complete: completions run from the loop, later.
    let token = loop.startWork(label, start) { results in
      // A wait no longer pending was cancelled (its plugin stopped): nothing resumes.
      plugin.pending.removeValue(forKey: id)?.complete(results())
    }
    plugin.pending[id] = PendingWait(coroutine: coroutine, token: token, cancelled: cancelled) {
      [weak self] values in self?.resume(coroutine, with: values)
    }
    return suspend
  }

  static func luaResult(_ result: Result<HTTPResponse, HTTPError>) -> [LuaValue] {
    switch result {
    case .success(let response):
      let body: LuaValue =
        String(data: response.body, encoding: .utf8).map { .string($0) } ?? .bytes(Array(response.body))
      return [
        .dictionary([
          "status": .integer(Int64(response.status)),
          "headers": .dictionary(response.headers.mapValues { .string($0) }),
          "body": body, "url": .string(response.url.absoluteString),
          "redirects": .array(
            response.redirects.map {
              .dictionary(["url": .string($0.url.absoluteString), "status": .integer(Int64($0.status))])
            }),
        ])
      ]
    case .failure(let error): return [.nil, .string(error.description)]
    }
  }
}

extension LuaValue {
  /// A short text for a value used where a string was expected.
  static func describe(_ value: LuaValue) -> String {
    switch value {
    case .integer(let number): return String(number)
    case .number(let number): return String(number)
    case .boolean(let flag): return String(flag)
    default: return value.typeName
    }
  }
}
