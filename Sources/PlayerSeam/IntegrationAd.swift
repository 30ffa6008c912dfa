/// An ad as the bridge reads it, with the Web SDK's fields. One object per ad (its identity is
/// the Lua userdata's); only its controller changes it.
public protocol IntegrationAd: AnyObject {
  /// The break type of this player.
  associatedtype AdBreak: IntegrationAdBreak

  /// A number no other ad, break or controller of this process has, and never will: the key for
  /// tables about the ad (unlike `ObjectIdentifier`, whose address a later ad may reuse).
  var serial: UInt64 { get }
  /// The ad's id.
  var id: String { get }
  /// `linear`, `nonlinear` or `companion`.
  var type: AdType { get }
  /// The integration that created it.
  var integration: String { get }
  /// Its break, until it is removed.
  var adBreak: AdBreak? { get }
  /// Seconds, when known.
  var duration: Double? { get }
  /// Seconds after which it may be skipped; -1: never.
  var skipOffset: Double { get }
  /// The media or resource URI.
  var resourceURI: String? { get }
  /// Where a click leads.
  var clickThrough: String? { get }
  /// Pixels, when known.
  var width: Double? { get }
  /// Pixels, when known.
  var height: Double? { get }
  /// The creative's id.
  var creativeId: String? { get }
  /// The creative's universal ad ids.
  var universalAdIds: [UniversalAdId] { get }
  /// Companion ads shown beside it.
  var companions: [CompanionAd] { get }
  /// The ad server that served it.
  var adSystem: String? { get }
  /// Whether it fills time no real ad was found for.
  var isSlate: Bool { get }
  /// The integration's own data.
  var customData: JSONValue? { get }
  /// Where the ad is in its life.
  var state: AdPlaybackState { get }
  /// The last progress reported while playing, 0…1.
  var progress: Double { get }
  /// `none` or `ready`.
  var readyState: String { get }
}

extension IntegrationAd {
  /// Whether the ad is playing (in the controller's `currentAds`).
  public var isPlaying: Bool { state == .playing }
}

/// An ad break as the bridge reads it, with the Web SDK's fields.
public protocol IntegrationAdBreak: AnyObject {
  /// The ad type of this player.
  associatedtype Ad: IntegrationAd

  /// Unique in the process and never reused (see `IntegrationAd.serial`).
  var serial: UInt64 { get }
  /// The integration that created it.
  var integration: String { get }
  /// Its place in the content, in seconds.
  var timeOffset: Double { get }
  /// Its longest duration in seconds, when known.
  var maxDuration: Double? { get }
  /// `maxDuration` minus what has played, when `maxDuration` is known.
  var maxRemainingDuration: Double? { get }
  /// The integration's own data.
  var customData: JSONValue? { get }
  /// Whether the break is playing.
  var isPlaying: Bool { get }
  /// Whether the break was removed.
  var isRemoved: Bool { get }
  /// Its ads, in order.
  var ads: [Ad] { get }
}
