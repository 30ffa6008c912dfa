import Foundation
import HTTPKit
import LuaKit
import PlaybackEngine
import PlayerSeam
import VASTKit

extension PluginHost {
  /// `vast.parse(xml)`, `vast.parseVMAP(xml)`, `vast.load(url, opts)`, `vast.loadVMAP(url, opts)`,
  /// `vast.plan(url, opts)` and `vast.selectMedia(ad, {width=, height=})`.
  /// Failures return `nil, {code=, message=}` with the IAB error code.
  func vastModule(for plugin: Plugin) -> [String: LuaValue] {
    module([
      "parse": { call in
        guard let text = call.string(1) else {
          throw ArgumentError("vast.parse: expected the XML as a string, got \(call.typeName(1))")
        }
        do {
          let document = try VASTParser.parse(Data(text.utf8))
          return call.return(.array(document.ads.map { .object(VASTAdBox(ad: $0, chain: ["inline"])) }))
        } catch {
          return call.return(.nil, Self.vastErrorTable(error))
        }
      },
      "parseVMAP": { call in
        guard let text = call.string(1) else {
          throw ArgumentError("vast.parseVMAP: expected the XML as a string, got \(call.typeName(1))")
        }
        let schedule: LuaValue
        do throws(VMAPError) {
          schedule = Self.vmapTable(try VMAPParser.parse(Data(text.utf8)))
        } catch {
          return call.return(
            .nil, ["code": .integer(Int64(error.code.rawValue)), "message": .string(error.message)])
        }
        return call.return(schedule)
      },
      "load": tagFunction(for: plugin, method: "vast.load", media: { _ in nil }) { Self.luaResult($0) },
      "loadVMAP": loadVMAPFunction(for: plugin),
      "plan": tagFunction(for: plugin, method: "vast.plan", media: Self.planMedia) { Self.planResult($0) },
      "selectMedia": { call in
        guard case .object(let object) = try call.value(1), let box = object as? VASTAdBox else {
          throw ArgumentError("vast.selectMedia: expected a VAST ad, got \(call.typeName(1))")
        }
        let options = try call.value(2)
        let pixels = VASTAdBox.pixelRange
        let width = try options.whole("width", of: "vast.selectMedia", in: pixels) ?? 640
        let height = try options.whole("height", of: "vast.selectMedia", in: pixels) ?? 360
        let maxBitrate = try options.whole("maxBitrate", of: "vast.selectMedia", in: pixels)
        do {
          guard let linear = box.linear else {
            throw VASTError(.noSupportedMediaFile, "the ad has no linear creative")
          }
          let request = VASTMediaRequest(
            width: width, height: height, maxBitrate: maxBitrate,
            prefersStreaming: options["streaming"].boolValue ?? false)
          return call.return(Self.mediaTable(try linear.selectMediaFile(request)))
        } catch {
          return call.return(.nil, Self.vastErrorTable(error))
        }
      },
    ])
  }

  /// `vast.load` or `vast.plan` (`method`): loads the tag `url` and resolves it, the calling
  /// plugin code suspended meanwhile; the resolution's beacons are logged, and `answer` makes
  /// what Lua gets of its result. `media(opts)` is the player a break is planned for, if any.
  private func tagFunction(
    for plugin: Plugin, method: String, media: @escaping (LuaValue) throws -> VASTMediaRequest?,
    answer: @escaping @Sendable (Result<VASTResolution, VASTError>) -> [LuaValue]
  ) -> LuaSwiftFunction {
    { [weak self, weak plugin] call in
      guard let self, let plugin else { return 0 }
      guard let text = call.string(1) else {
        throw ArgumentError("\(method): the URL must be a string, got \(call.typeName(1))")
      }
      guard let url = URL(string: text), url.scheme != nil else {
        return call.return(.nil, Self.vastErrorTable(VASTError(.wrapperTimeout, "invalid URL: \(text)")))
      }
      let options = try call.value(2)
      let queue = BeaconQueue()
      let resolver = try self.resolver(
        options: options, queue: queue, method: method, media: try media(options))
      let host = HostThreadOnly(WeakHost(self))
      let cancelled: [LuaValue] = [.nil, ["code": 900, "message": "cancelled"]]
      return try self.wait(call, plugin: plugin, label: "VAST \(text)", cancelled: cancelled) { finish in
        resolver.resolve(url: url) { result in
          finish {
            host.value.host?.engine.logBeacons(queue.drain(), adId: nil)
            return answer(result)
          }
        }
      }
    }
  }

  /// A resolver for `method`'s options (`timeout` per request, `maxDepth`, `budget`); with
  /// `media`, it plans a break for that player (`vast.plan`).
  private func resolver(
    options: LuaValue, queue: BeaconQueue, method: String, media: VASTMediaRequest?
  ) throws -> VASTResolver {
    var resolverOptions = VASTResolverOptions(media: media)
    let hour = HTTPRequest.maxTimeout
    if let timeout = try options.seconds("timeout", of: method, atMost: hour) {
      resolverOptions.requestTimeout = timeout
    }
    if let depth = try options.whole("maxDepth", of: method, in: 0...100) {
      resolverOptions.maxDepth = depth
    }
    if let budget = try options.seconds("budget", of: method, atMost: hour) {
      resolverOptions.totalBudget = budget
    }
    return VASTResolver(
      client: http, options: resolverOptions, beacons: engine.beaconSender(queue: queue),
      macroContext: engine.macroContext())
  }

  static func luaResult(_ result: Result<VASTResolution, VASTError>) -> [LuaValue] {
    switch result {
    case .success(let resolution):
      guard !resolution.ads.isEmpty else {
        let error =
          resolution.failures.first?.error ?? VASTError(.noAdsAfterWrapper, "the response has no ad")
        return [.nil, vastErrorTable(error)]
      }
      // The planned ads first (a pod by sequence), then the unused stand-alone ads, so that an
      // integration can substitute them itself.
      let ads = resolution.ads + resolution.buffet
      return [.array(ads.map { .object(VASTAdBox(ad: $0.ad, chain: $0.chain)) })]
    case .failure(let error): return [.nil, vastErrorTable(error)]
    }
  }

  static func vastErrorTable(_ error: any Error) -> LuaValue {
    guard let error = error as? VASTError else { return ["code": 900, "message": .string("\(error)")] }
    return ["code": .integer(Int64(error.code.rawValue)), "message": .string(error.message)]
  }
}
