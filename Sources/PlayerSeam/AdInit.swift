/// Whether an ad replaces the content (`linear`) or shows over it (`nonlinear`).
public enum AdType: String, Sendable, CaseIterable {
  /// Replaces the content while it plays.
  case linear
  /// Shows over the content.
  case nonlinear
}

/// A universal ad id: the registry and the value (VAST `UniversalAdId`).
public struct UniversalAdId: Equatable, Sendable {
  /// The registry, e.g. `ad-id.org`.
  public var adIdRegistry: String
  /// The id in that registry.
  public var adIdValue: String

  /// Creates a universal ad id.
  public init(adIdRegistry: String, adIdValue: String) {
    self.adIdRegistry = adIdRegistry
    self.adIdValue = adIdValue
  }
}

/// A companion ad shown beside a linear ad.
public struct CompanionAd: Equatable, Sendable {
  /// The slot the companion is meant for.
  public var adSlotId: String?
  /// Alternative text.
  public var altText: String?
  /// Where a click leads.
  public var clickThrough: String?
  /// The creative's URI.
  public var resourceURI: String?
  /// The creative as HTML (a VAST `HTMLResource`).
  public var contentHTML: String?
  /// Width in pixels.
  public var width: Double?
  /// Height in pixels.
  public var height: Double?

  /// Creates a companion; every field is optional.
  public init(
    adSlotId: String? = nil, altText: String? = nil, clickThrough: String? = nil,
    resourceURI: String? = nil, contentHTML: String? = nil, width: Double? = nil, height: Double? = nil
  ) {
    self.adSlotId = adSlotId
    self.altText = altText
    self.clickThrough = clickThrough
    self.resourceURI = resourceURI
    self.contentHTML = contentHTML
    self.width = width
    self.height = height
  }
}

/// What `createAd` and `updateAd` take, as in the Web SDK: every Ad field is optional except
/// `type`; `timeOffset` places an ad without a break. For `updateAd` only the fields that are
/// set change (`type` included, when set).
public struct AdInit: Sendable {
  /// Linear or nonlinear; required by `createAd`.
  public var type: AdType?
  /// Where the ad's break is, in content seconds, when no break is given.
  public var timeOffset: Double?
  /// The ad's id.
  public var id: String?
  /// Duration in seconds.
  public var duration: Double?
  /// Seconds until the ad may be skipped; -1 = not skippable.
  public var skipOffset: Double?
  /// The creative's URI.
  public var resourceURI: String?
  /// Where a click leads.
  public var clickThrough: String?
  /// Width in pixels.
  public var width: Double?
  /// Height in pixels.
  public var height: Double?
  /// The creative id.
  public var creativeId: String?
  /// Universal ad ids.
  public var universalAdIds: [UniversalAdId]?
  /// Companion ads.
  public var companions: [CompanionAd]?
  /// The ad system (VAST `AdSystem`).
  public var adSystem: String?
  /// Whether the ad is filler.
  public var isSlate: Bool?
  /// Whatever the integration wants to keep with the ad.
  public var customData: JSONValue?

  /// Creates an init; leave out what is unknown.
  public init(
    type: AdType? = nil, timeOffset: Double? = nil, id: String? = nil, duration: Double? = nil,
    skipOffset: Double? = nil, resourceURI: String? = nil, clickThrough: String? = nil,
    width: Double? = nil, height: Double? = nil, creativeId: String? = nil,
    universalAdIds: [UniversalAdId]? = nil, companions: [CompanionAd]? = nil, adSystem: String? = nil,
    isSlate: Bool? = nil, customData: JSONValue? = nil
  ) {
    self.type = type
    self.timeOffset = timeOffset
    self.id = id
    self.duration = duration
    self.skipOffset = skipOffset
    self.resourceURI = resourceURI
    self.clickThrough = clickThrough
    self.width = width
    self.height = height
    self.creativeId = creativeId
    self.universalAdIds = universalAdIds
    self.companions = companions
    self.adSystem = adSystem
    self.isSlate = isSlate
    self.customData = customData
  }
}

/// What `createAdBreak` and `updateAdBreak` take: `timeOffset` (required to create),
/// `maxDuration`, `customData`. For `updateAdBreak` only the fields that are set change.
public struct AdBreakInit: Sendable {
  /// Where the break is, in content seconds.
  public var timeOffset: Double?
  /// The most seconds the break may last.
  public var maxDuration: Double?
  /// Whatever the integration wants to keep with the break.
  public var customData: JSONValue?

  /// Creates an init.
  public init(timeOffset: Double? = nil, maxDuration: Double? = nil, customData: JSONValue? = nil) {
    self.timeOffset = timeOffset
    self.maxDuration = maxDuration
    self.customData = customData
  }
}
