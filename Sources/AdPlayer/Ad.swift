import PlayerSeam

/// An ad, with the Web SDK's fields. A class: each ad has one identity (one Lua userdata). Host thread only.
public final class Ad {
  /// A number no other ad, break or controller of this process has, and never will: the key for
  /// tables about the ad (unlike `ObjectIdentifier`, whose address a later ad may reuse).
  public let serial = Serial.next()
  /// The ad's id (a generated `<integration>-ad-<n>` when the init gave none).
  public internal(set) var id: String
  /// Linear or nonlinear.
  public internal(set) var type: AdType
  /// The id of the integration that created it.
  public let integration: String
  /// The break it belongs to (still set after either is removed).
  public internal(set) var adBreak: AdBreak?
  /// Duration in seconds, if known.
  public internal(set) var duration: Double?
  /// Seconds until it may be skipped: -1 not skippable, 0 at once.
  public internal(set) var skipOffset: Double
  /// The creative's URI.
  public internal(set) var resourceURI: String?
  /// Where a click leads.
  public internal(set) var clickThrough: String?
  /// Width in pixels.
  public internal(set) var width: Double?
  /// Height in pixels.
  public internal(set) var height: Double?
  /// The creative id.
  public internal(set) var creativeId: String?
  /// Universal ad ids.
  public internal(set) var universalAdIds: [UniversalAdId]
  /// Companion ads.
  public internal(set) var companions: [CompanionAd]
  /// The ad system.
  public internal(set) var adSystem: String?
  /// Whether the ad is filler.
  public internal(set) var isSlate: Bool
  /// Whatever the integration keeps with the ad.
  public internal(set) var customData: JSONValue?
  /// Where the ad is in its life.
  public internal(set) var state: AdPlaybackState = .scheduled {
    didSet { if slot >= 0 { adBreak?.stateChanged(from: oldValue, to: state) } }
  }
  /// Its place in its break's storage; -1 when in none (see `AdBreak`).
  var slot = -1
  /// The last progress reported while playing, 0…1.
  public internal(set) var progress: Double = 0
  /// Quartiles already fired since the ad last began (0 = none, 3 = all).
  var quartilesFired = 0

  init(id: String, type: AdType, integration: String) {
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
  func apply(_ init: AdInit) {
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
