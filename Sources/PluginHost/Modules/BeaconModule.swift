import AdPlayer
import LuaKit
import VASTKit

extension PluginHost {
  /// `beacon.send(urls, eventName)`: sends each URL (IAB macros filled in) with the native
  /// beacon sender; the results enter the event log as `beacon` entries. Does not wait.
  func beaconModule(for plugin: Plugin) -> LuaValue {
    module([
      "send": { [weak self] call in
        guard let self else { return 0 }
        let urls: [String]
        switch try call.value(1) {
        case .string(let url): urls = [url]
        case .array(let values): urls = values.compactMap(\.stringValue)
        case .dictionary(let fields) where fields.isEmpty: urls = []
        case let other:
          throw ArgumentError("beacon.send: urls must be a list of strings, got \(other.typeName)")
        }
        guard let event = call.string(2) else {
          throw ArgumentError("beacon.send: the event name must be a string, got \(call.typeName(2))")
        }
        guard !urls.isEmpty else { return 0 }
        let queue = BeaconQueue()
        let sender = self.beaconSender(queue: queue)
        let context = self.macroContext()
        let adId = self.player.ads.currentAds.first?.id
        self.settleBeacons(queue, adId: adId, label: "\(event) beacons") {
          _ = await sender.send(event: event, urls: urls, context: context())
        }
        return 0
      }
    ])
  }
}
