import Foundation
import PlayerSeam

/// What the `interstitial…` events carry, and the log's shorter form of it.
extension InterstitialPlayer {
  /// The log's shorter form of an event's detail: the interstitial by id, an asset without its
  /// members and creative signaling.
  func logged(_ run: InterstitialRun, _ detail: JSONObject) -> JSONObject {
    var fields = detail
    fields["interstitial"] = run.scheduled.logDetail
    if case .object(var asset)? = fields["asset"] {
      asset["members"] = nil
      asset["creativeSignaling"] = nil
      fields["asset"] = .object(asset)
    }
    return fields
  }

  static func assetDetail(_ index: Int, _ asset: InterstitialRun.PlannedAsset) -> JSONValue {
    var object = JSONObject([("index", .number(Double(index))), ("uri", .string(asset.url.absoluteString))])
    if let duration = asset.listDuration { object["duration"] = .number(duration) }
    if !asset.otherMembers.isEmpty { object["members"] = members(asset.otherMembers) }
    if let signaling = asset.signaling { object["creativeSignaling"] = signaling }
    return .object(object)
  }

  /// Members kept as JSON text (by `HLSAssetList`), decoded, by name.
  static func members(_ texts: [String: String]) -> JSONValue {
    .object(
      JSONObject(
        texts.sorted { $0.key < $1.key }.map { member in
          (member.key, (try? JSONValue.parse(member.value)) ?? .null)
        }))
  }

  /// Seconds as a query value: `12`, `12.5`, `0.123`.
  static func decimal(_ seconds: Double) -> String {
    let micros = VirtualTime.micros(seconds)
    return VirtualTime.secondsText(micros)
  }
}
