import DASHKit
import Foundation
import PlayerSeam

/// SVTA creative signaling read for the assets: an HLS asset's `X-AD-CREATIVE-SIGNALING`, a List
/// MPD Period's `EventStream` of scheme `urn:svta:advertising-wg:ad-creative-signaling`. A good
/// one reaches plugins as the asset's `creativeSignaling` (which `controller:createAd` tracks);
/// a bad one is a `creative-signaling-issue` naming the URL and the JSON path, and the asset
/// plays without it.
extension InterstitialPlayer {
  /// The creative signaling of asset `index` of the asset list at `listURL` (its member, as JSON
  /// text), if it has one that can be read.
  func signaling(member text: String?, index: Int, listURL: URL) -> JSONValue? {
    guard let text else { return nil }
    let path = "ASSETS[\(index)].\(CreativeSignaling.assetMember)"
    return checked(text, path: path, at: "the asset list \(listURL.absoluteString)")
  }

  /// The creative signaling of a List MPD Period (its first Event of the scheme), its slots'
  /// starts moved on by the Event's time in the Period, if it can be read.
  func signaling(events: [MPDList.Event], listURL: URL) -> JSONValue? {
    let found = events.filter { $0.schemeIdUri == CreativeSignaling.scheme }
    guard let event = found.first else { return nil }
    let place = "the List MPD \(listURL.absoluteString)"
    for extra in found.dropFirst() {
      noteSignaling("\(place): \(extra.path): a second creative-signaling Event in the Period, not read")
    }
    guard let envelope = checked(event.text, path: event.path, at: place) else { return nil }
    return event.offset > 0 ? Self.shifted(envelope, by: event.offset) : envelope
  }

  private func checked(_ text: String, path: String, at place: String) -> JSONValue? {
    do {
      let json = try JSONValue.parse(text)
      _ = try CreativeSignaling(json, path: path)
      return json
    } catch let error as JSONSyntaxError {
      noteSignaling("\(place): \(path): not JSON: \(error)")
    } catch {
      noteSignaling("\(place): \(error)")
    }
    return nil
  }

  private func noteSignaling(_ message: String) {
    player.appendLog(
      .creativeSignalingIssue,
      fields: JSONObject([("message", .string(message + "; the ad plays without its creative signaling"))]))
  }

  /// The envelope with each payload element's `start` later by `seconds`.
  static func shifted(_ envelope: JSONValue, by seconds: Double) -> JSONValue {
    guard case .object(var object) = envelope, case .array(let payload)? = object["payload"] else {
      return envelope
    }
    object["payload"] = .array(
      payload.map { element in
        guard case .object(var slot) = element else { return element }
        slot["start"] = .number((slot["start"]?.numberValue ?? 0) + seconds)
        return .object(slot)
      })
    return .object(object)
  }
}
