/// A `<Creative>`: a linear ad, non-linear ads or companions.
public struct VASTCreative: Sendable, Equatable, Codable {
  /// The `id` attribute.
  public var id: String?
  /// The `sequence` attribute.
  public var sequence: Int?
  /// The `adId` attribute.
  public var adId: String?
  /// The `apiFramework` attribute.
  public var apiFramework: String?
  /// `<UniversalAdId>` values.
  public var universalAdIds: [VASTUniversalAdId] = []
  /// `<CreativeExtensions>` as raw XML.
  public var creativeExtensionsXML: String?
  /// `<Linear>`.
  public var linear: VASTLinear?
  /// `<NonLinearAds>`.
  public var nonLinearAds: VASTNonLinearAds?
  /// `<CompanionAds>`.
  public var companionAds: VASTCompanionAds?

  /// An empty creative.
  public init() {}
}

/// A `<UniversalAdId>` and its registry.
public struct VASTUniversalAdId: Sendable, Equatable, Codable {
  /// `idRegistry`.
  public var idRegistry: String?
  /// `idValue` (VAST 4.0) or the element's text.
  public var value: String
}

/// A `<Tracking>` URL with its event and (for `progress`) offset.
public struct VASTTrackingEvent: Sendable, Equatable, Codable {
  /// The `event` attribute (`start`, `firstQuartile`, `progress`, …).
  public var event: String
  /// The URL.
  public var url: String
  /// The `offset` of a `progress` event.
  public var offset: VASTOffset?
}

/// A `<Linear>` creative.
public struct VASTLinear: Sendable, Equatable, Codable {
  /// `<Duration>` in seconds; nil when absent or unreadable.
  public var duration: Double?
  /// `skipoffset`: when the ad may be skipped.
  public var skipOffset: VASTOffset?
  /// `<AdParameters>`.
  public var adParameters: String?
  /// `<MediaFile>`s.
  public var mediaFiles: [VASTMediaFile] = []
  /// `<Mezzanine>` files.
  public var mezzanines: [VASTMezzanine] = []
  /// `<InteractiveCreativeFile>`s.
  public var interactiveCreativeFiles: [VASTInteractiveCreativeFile] = []
  /// `<ClosedCaptionFile>`s.
  public var closedCaptionFiles: [VASTClosedCaptionFile] = []
  /// `<TrackingEvents>`.
  public var trackingEvents: [VASTTrackingEvent] = []
  /// `<VideoClicks>`.
  public var videoClicks = VASTVideoClicks()
  /// `<Icons>`.
  public var icons: [VASTIcon] = []

  /// An empty linear creative.
  public init() {}

  /// The tracking URLs of one event, in order.
  public func trackingURLs(_ event: String) -> [String] {
    trackingEvents.filter { $0.event == event }.map(\.url)
  }
}

/// A `<MediaFile>` with every attribute.
public struct VASTMediaFile: Sendable, Equatable, Codable {
  /// The URL.
  public var url: String
  /// `id`.
  public var id: String?
  /// `delivery`: `progressive` or `streaming`.
  public var delivery: String?
  /// `type` (MIME).
  public var type: String?
  /// `width` in pixels.
  public var width: Int?
  /// `height` in pixels.
  public var height: Int?
  /// `codec`.
  public var codec: String?
  /// `bitrate` in kbit/s.
  public var bitrate: Int?
  /// `minBitrate` in kbit/s.
  public var minBitrate: Int?
  /// `maxBitrate` in kbit/s.
  public var maxBitrate: Int?
  /// `scalable`.
  public var scalable: Bool?
  /// `maintainAspectRatio`.
  public var maintainAspectRatio: Bool?
  /// `fileSize` in bytes.
  public var fileSize: Int?
  /// `mediaType` (`2D`, `3D`, `360`).
  public var mediaType: String?
  /// `apiFramework` (`VPAID`, …).
  public var apiFramework: String?

  /// A media file at a URL.
  public init(url: String) { self.url = url }
}

/// A `<Mezzanine>` file.
public struct VASTMezzanine: Sendable, Equatable, Codable {
  /// The URL.
  public var url: String
  /// `id`.
  public var id: String?
  /// `delivery`.
  public var delivery: String?
  /// `type`.
  public var type: String?
  /// `width`.
  public var width: Int?
  /// `height`.
  public var height: Int?
  /// `codec`.
  public var codec: String?
  /// `fileSize`.
  public var fileSize: Int?
  /// `mediaType`.
  public var mediaType: String?
}

/// An `<InteractiveCreativeFile>`.
public struct VASTInteractiveCreativeFile: Sendable, Equatable, Codable {
  /// The URL.
  public var url: String
  /// `type`.
  public var type: String?
  /// `apiFramework`.
  public var apiFramework: String?
  /// `variableDuration`.
  public var variableDuration: Bool?
}

/// A `<ClosedCaptionFile>`.
public struct VASTClosedCaptionFile: Sendable, Equatable, Codable {
  /// The URL.
  public var url: String
  /// `type`.
  public var type: String?
  /// `language`.
  public var language: String?
}

/// `<VideoClicks>`.
public struct VASTVideoClicks: Sendable, Equatable, Codable {
  /// `<ClickThrough>`.
  public var clickThrough: String?
  /// `<ClickTracking>` URLs.
  public var clickTracking: [String] = []
  /// `<CustomClick>` URLs.
  public var customClicks: [String] = []

  /// No clicks.
  public init() {}
}
