/// A creative resource: `<StaticResource>`, `<IFrameResource>` or `<HTMLResource>`.
public struct VASTResource: Sendable, Equatable, Codable {
  /// Which element it was.
  public enum Kind: String, Sendable, Codable {
    /// `<StaticResource>`: an image or script URL.
    case staticResource
    /// `<IFrameResource>`: a URL to load in an iframe.
    case iFrame
    /// `<HTMLResource>`: markup.
    case html
  }

  /// The element.
  public var kind: Kind
  /// `creativeType` of a static resource.
  public var creativeType: String?
  /// The URL or markup.
  public var value: String
}

/// An `<Icon>`.
public struct VASTIcon: Sendable, Equatable, Codable {
  /// `program`.
  public var program: String?
  /// `width`.
  public var width: Int?
  /// `height`.
  public var height: Int?
  /// `xPosition` (pixels, `left` or `right`).
  public var xPosition: String?
  /// `yPosition` (pixels, `top` or `bottom`).
  public var yPosition: String?
  /// `duration` in seconds.
  public var duration: Double?
  /// `offset`.
  public var offset: VASTOffset?
  /// `apiFramework`.
  public var apiFramework: String?
  /// `pxratio`.
  public var pxratio: String?
  /// The resources.
  public var resources: [VASTResource] = []
  /// `<IconClickThrough>`.
  public var clickThrough: String?
  /// `<IconClickTracking>` URLs.
  public var clickTracking: [String] = []
  /// `<IconViewTracking>` URLs.
  public var viewTracking: [String] = []

  /// An empty icon.
  public init() {}
}

/// `<NonLinearAds>`: the non-linear creatives and their tracking.
public struct VASTNonLinearAds: Sendable, Equatable, Codable {
  /// `<NonLinear>` elements.
  public var nonLinears: [VASTNonLinear] = []
  /// `<TrackingEvents>`.
  public var trackingEvents: [VASTTrackingEvent] = []

  /// None.
  public init() {}
}

/// A `<NonLinear>` creative.
public struct VASTNonLinear: Sendable, Equatable, Codable {
  /// `id`.
  public var id: String?
  /// `width`.
  public var width: Int?
  /// `height`.
  public var height: Int?
  /// `expandedWidth`.
  public var expandedWidth: Int?
  /// `expandedHeight`.
  public var expandedHeight: Int?
  /// `scalable`.
  public var scalable: Bool?
  /// `maintainAspectRatio`.
  public var maintainAspectRatio: Bool?
  /// `minSuggestedDuration` in seconds.
  public var minSuggestedDuration: Double?
  /// `apiFramework`.
  public var apiFramework: String?
  /// The resources.
  public var resources: [VASTResource] = []
  /// `<AdParameters>`.
  public var adParameters: String?
  /// `<NonLinearClickThrough>`.
  public var clickThrough: String?
  /// `<NonLinearClickTracking>` URLs.
  public var clickTracking: [String] = []

  /// An empty non-linear.
  public init() {}
}

/// `<CompanionAds>`.
public struct VASTCompanionAds: Sendable, Equatable, Codable {
  /// `required`: `all`, `any` or `none`.
  public var required: String?
  /// The companions.
  public var companions: [VASTCompanion] = []

  /// None.
  public init() {}
}

/// A `<Companion>`.
public struct VASTCompanion: Sendable, Equatable, Codable {
  /// `id`.
  public var id: String?
  /// `width`.
  public var width: Int?
  /// `height`.
  public var height: Int?
  /// `assetWidth`.
  public var assetWidth: Int?
  /// `assetHeight`.
  public var assetHeight: Int?
  /// `expandedWidth`.
  public var expandedWidth: Int?
  /// `expandedHeight`.
  public var expandedHeight: Int?
  /// `apiFramework`.
  public var apiFramework: String?
  /// `adSlotId`.
  public var adSlotId: String?
  /// `pxratio`.
  public var pxratio: String?
  /// `renderingMode`.
  public var renderingMode: String?
  /// The resources.
  public var resources: [VASTResource] = []
  /// `<AltText>`.
  public var altText: String?
  /// `<AdParameters>`.
  public var adParameters: String?
  /// `<CompanionClickThrough>`.
  public var clickThrough: String?
  /// `<CompanionClickTracking>` URLs.
  public var clickTracking: [String] = []
  /// `<TrackingEvents>` (`creativeView`).
  public var trackingEvents: [VASTTrackingEvent] = []

  /// An empty companion.
  public init() {}
}
