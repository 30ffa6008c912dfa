import LuaKit
import PlaybackEngine
import PlayerSeam
import VASTKit

extension PluginHost {
  /// URLs one `beacon.send` may send: a VAST ad's trackers for one event are a handful; a call
  /// with more is refused, so that one call cannot fan out without bound.
  public static let maxBeaconURLsPerCall = 1000

  /// `beacon.send(urls, eventName, options?)`: sends each URL (IAB macros filled in) with the
  /// native beacon sender; the results enter the event log as `beacon` entries of `options.ad`
  /// (else of the ad playing), and go to `options.onResults` (`{ {url =, status =, failure =}, … }`;
  /// the third argument may be that function alone) once all have settled. Does not wait.
  func beaconModule(for plugin: Plugin) -> [String: LuaValue] {
    module([
      "send": { [weak self, weak plugin] call in
        guard let self, let plugin else { return 0 }
        let urls: [String]
        switch try call.value(1) {
        case .string, .bytes: urls = [try call.value(1)].compactMap(\.stringValue)
        case .array(let values): urls = values.compactMap(\.stringValue)
        case .dictionary(let fields) where fields.isEmpty: urls = []
        case let other:
          throw ArgumentError("beacon.send: urls must be a list of strings, got \(other.typeName)")
        }
        guard let event = call.string(2) else {
          throw ArgumentError("beacon.send: the event name must be a string, got \(call.typeName(2))")
        }
        let options = try BeaconOptions(try call.value(3))
        let callback = options.onResults
        guard urls.count <= Self.maxBeaconURLsPerCall else {
          throw ArgumentError(
            "beacon.send: at most \(Self.maxBeaconURLsPerCall) URLs per call, got \(urls.count) "
              + "(send them in several calls)")
        }
        guard !urls.isEmpty else { return 0 }
        let sender = self.engine.beaconSender()
        let ad: (any IntegrationAd)? = options.ad ?? self.player.ads.currentAds.first
        let context = self.engine.macroContext(adPlayhead: ad.map(Self.playhead))
        let adId = ad?.id
        let settled = callback.map { function in
          { [weak self, weak plugin] (beacons: [VASTBeacon]) in
            guard let self, let plugin else { return }
            let results = beacons.map { beacon -> LuaValue in
              var fields: [String: LuaValue] = ["url": .string(beacon.url)]
              if let status = beacon.status { fields["status"] = .integer(Int64(status)) }
              if let failure = beacon.failure { fields["failure"] = .string(failure) }
              return .dictionary(fields)
            }
            self.runDetached(function, [.array(results)], plugin: plugin, what: "beacon.send callback")
          }
        }
        self.engine.settleBeacons(adId: adId, label: "\(event) beacons", settled: settled) {
          await sender.send(event: event, urls: urls, context: context())
        }
        return 0
      }
    ])
  }

  /// `[ADPLAYHEAD]` of a beacon's ad: where the ad is, its last progress times its duration
  /// (0 for an ad without a duration: a fraction of nothing known).
  static func playhead(of ad: any IntegrationAd) -> Double {
    guard let duration = ad.duration else { return 0 }
    return ad.progress * duration
  }
}
