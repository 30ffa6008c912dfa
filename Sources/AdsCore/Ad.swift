import PlayerSeam

/// An ad, with the Web SDK's fields. A class: each ad has one identity (one Lua userdata). Host thread only.
public final class Ad {
  /// A number no other ad, break or controller of this process has, and never will: the key for
  /// tables about the ad (unlike `ObjectIdentifier`, whose address a later ad may reuse).
  public let serial = Serial.next()
  /// The ad's id (a generated `<integration>-ad-<n>` when the init gave none).
  public package(set) var id: String
  /// Linear or nonlinear.
  public package(set) var type: AdType
  /// The id of the integration that created it.
  public let integration: String
  /// The break it belongs to (still set after either is removed).
  public package(set) var adBreak: AdBreak?
  /// Duration in seconds, if known.
  public package(set) var duration: Double?
  /// Seconds until it may be skipped: -1 not skippable, 0 at once.
  public package(set) var skipOffset: Double
  /// The creative's URI.
  public package(set) var resourceURI: String?
  /// Where a click leads.
  public package(set) var clickThrough: String?
  /// Width in pixels.
  public package(set) var width: Double?
  /// Height in pixels.
  public package(set) var height: Double?
  /// The creative id.
  public package(set) var creativeId: String?
  /// Universal ad ids.
  public package(set) var universalAdIds: [UniversalAdId]
  /// Companion ads.
  public package(set) var companions: [CompanionAd]
  /// The ad system.
  public package(set) var adSystem: String?
  /// Whether the ad is filler.
  public package(set) var isSlate: Bool
  /// Whatever the integration keeps with the ad.
  public package(set) var customData: JSONValue?
  /// Where the ad is in its life.
  public package(set) var state: AdPlaybackState = .scheduled {
    didSet { if slot >= 0 { adBreak?.stateChanged(from: oldValue, to: state) } }
  }
  /// Its place in its break's storage; -1 when in none (see `AdBreak`).
  package var slot = -1
  /// The last progress reported while playing, 0…1.
  public package(set) var progress: Double = 0
  /// Quartiles already fired since the ad last began (0 = none, 3 = all).
  package var quartilesFired = 0

  package init(id: String, type: AdType, integration: String) {
    self.id = id
    self.type = type
    self.integration = integration
    skipOffset = -1
    universalAdIds = []
    companions = []
    isSlate = false
  }

  /// `none` or `ready`: SSAI ads are part of the stream, so always `ready`.
  public var readyState: String { "ready" }

  /// Whether the ad is in `currentAds`.
  public var isPlaying: Bool { state == .playing }

  /// Sets every field the init sets.
  package func apply(_ init: AdInit) {
    if let type = `init`.type { self.type = type }
    if let id = `init`.id { self.id = id }
    if let duration = `init`.duration { self.duration = duration }
    if let skipOffset = `init`.skipOffset { self.skipOffset = skipOffset }
    if let resourceURI = `init`.resourceURI { self.resourceURI = resourceURI }
    if let clickThrough = `init`.clickThrough { self.clickThrough = clickThrough }
    if let width = `init`.width { self.width = width }
    if let height = `init`.height { self.height = height }
    if let creativeId = `init`.creativeId { self.creativeId = creativeId }
    if let universalAdIds = `init`.universalAdIds { self.universalAdIds = universalAdIds }
    if let companions = `init`.companions { self.companions = companions }
    if let adSystem = `init`.adSystem { self.adSystem = adSystem }
    if let isSlate = `init`.isSlate { self.isSlate = isSlate }
    if let customData = `init`.customData { self.customData = customData }
  }
}
