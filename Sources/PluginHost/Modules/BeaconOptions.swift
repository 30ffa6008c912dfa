import LuaKit
import PlayerSeam

/// `beacon.send`'s third argument: nothing, the `onResults` function (as before options came),
/// or an options table `{ad =, onResults =}` (adhost's: docs/plugin-api.md#beacon).
struct BeaconOptions {
  /// The ad the beacons belong to, when the plugin names one: they are credited to it in the
  /// log (and so in the report and the strict rules), whatever ad plays when they are sent.
  var ad: (any IntegrationAd)?
  /// Called with the results once every URL has settled.
  var onResults: LuaFunction?

  static let members = ["ad", "onResults"]

  init(_ value: LuaValue) throws(ArgumentError) {
    switch value {
    case .nil: return
    case .function(let function): onResults = function
    case .dictionary(let fields):
      if let unknown = fields.keys.sorted().first(where: { !Self.members.contains($0) }) {
        throw ArgumentError(
          "beacon.send: unknown option \"\(unknown)\" (expected \(Self.members.joined(separator: ", ")))")
      }
      switch fields["ad"] ?? .nil {
      case .nil: break
      case .object(let object as any IntegrationAd): ad = object
      case let other:
        throw ArgumentError("beacon.send: options.ad must be an Ad, got \(Self.describe(other))")
      }
      switch fields["onResults"] ?? .nil {
      case .nil: break
      case .function(let function): onResults = function
      case let other:
        throw ArgumentError("beacon.send: options.onResults must be a function, got \(other.typeName)")
      }
    case let other:
      throw ArgumentError(
        "beacon.send: the third argument must be an options table or the onResults function, "
          + "got \(Self.describe(other))")
    }
  }

  /// A value's type for a message: a host object by its Swift type's name (`AdBreak`).
  private static func describe(_ value: LuaValue) -> String {
    guard case .object(let object) = value else { return value.typeName }
    return String(describing: type(of: object))
  }
}
