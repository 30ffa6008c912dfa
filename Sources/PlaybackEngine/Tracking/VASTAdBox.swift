import CheckedNumbers
import PlayerSeam
import VASTKit

/// A resolved VAST ad as an integration holds it (plugins get it from `vast.parse` or
/// `vast.load`): readable fields, and the ad itself for creating a player ad from it (`fill`)
/// and its native tracking (`PlaybackEngine.track`). Host thread only.
public final class VASTAdBox {
  /// The ad.
  public let ad: VASTAd
  /// The documents of its wrapper chain, outermost first.
  public let chain: [String]
  /// The verification vendors the integration rejected (`ad:rejectVerification(vendor)`).
  public var rejectedVendors: Set<String> = []

  /// The ad `ad` of the wrapper chain `chain`.
  public init(ad: VASTAd, chain: [String]) {
    self.ad = ad
    self.chain = chain
  }

  /// The linear creative.
  public var linear: VASTLinear? { ad.linear }
  /// The linear creative's duration; for a non-linear ad, its `minSuggestedDuration`.
  public var duration: Double? { linear.map(\.duration) ?? nonLinear?.minSuggestedDuration }
  /// The first `<NonLinear>` of an ad without a linear creative.
  public var nonLinear: VASTNonLinear? {
    linear == nil ? ad.creatives.lazy.compactMap(\.nonLinearAds).flatMap(\.nonLinears).first : nil
  }

  /// The skip offset in seconds, -1 when not skippable.
  public var skipOffset: Double {
    guard let offset = linear?.skipOffset, let seconds = offset.seconds(duration: duration) else { return -1 }
    return seconds
  }

  /// The id (else the ad id) of the linear creative.
  public var creativeId: String? {
    ad.creatives.first { $0.linear != nil }.flatMap { $0.id ?? $0.adId }
  }

  /// The player sizes a media file is chosen for: whole pixels (fractions rounded), as many as a
  /// VAST size attribute holds.
  public static let pixelRange = 0...2_147_483_647

  /// Fills what an `AdInit` leaves out from the VAST ad: id, duration, skip offset, click-through,
  /// the media file chosen for the init's size (640×360 when it gives none), creative id,
  /// companions. For a non-linear ad: `minSuggestedDuration`, its `NonLinearClickThrough`, and
  /// its first static or iframe resource and size.
  /// Throws, naming `method` and the field, when the init's width or height is no size in pixels.
  public func fill(_ adInit: inout AdInit, method: String) throws(AdInitError) {
    adInit.id = adInit.id ?? ad.id
    adInit.duration = adInit.duration ?? duration
    adInit.skipOffset = adInit.skipOffset ?? skipOffset
    adInit.clickThrough = adInit.clickThrough ?? linear?.videoClicks.clickThrough ?? nonLinear?.clickThrough
    adInit.creativeId = adInit.creativeId ?? creativeId
    adInit.adSystem = adInit.adSystem ?? ad.adSystem
    if adInit.resourceURI == nil {
      let request = VASTMediaRequest(
        width: try Self.pixels(adInit.width ?? 640, "width", method),
        height: try Self.pixels(adInit.height ?? 360, "height", method))
      if let file = try? linear?.selectMediaFile(request) {
        adInit.resourceURI = file.url
        adInit.width = adInit.width ?? file.width.map(Double.init)
        adInit.height = adInit.height ?? file.height.map(Double.init)
      } else if let nonLinear, let resource = nonLinear.resources.first(where: { $0.kind != .html }) {
        adInit.resourceURI = resource.value
        adInit.width = adInit.width ?? nonLinear.width.map(Double.init)
        adInit.height = adInit.height ?? nonLinear.height.map(Double.init)
      }
    }
    if adInit.companions == nil {
      let companions = ad.creatives.compactMap(\.companionAds).flatMap(\.companions)
      if !companions.isEmpty { adInit.companions = companions.map(Self.companionAd) }
    }
    if adInit.universalAdIds == nil {
      let ids = ad.creatives.flatMap(\.universalAdIds)
      if !ids.isEmpty {
        adInit.universalAdIds = ids.map {
          UniversalAdId(adIdRegistry: $0.idRegistry ?? "unknown", adIdValue: $0.value)
        }
      }
    }
  }

  /// THEOplayer's `CompanionAd` for a VAST companion.
  public static func companionAd(_ companion: VASTCompanion) -> CompanionAd {
    CompanionAd(
      adSlotId: companion.adSlotId, altText: companion.altText, clickThrough: companion.clickThrough,
      resourceURI: companion.resourceURI, contentHTML: companion.contentHTML,
      width: companion.width.map(Double.init), height: companion.height.map(Double.init))
  }

  private static func pixels(_ value: Double, _ field: String, _ method: String) throws(AdInitError) -> Int {
    do {
      return try Int(checking: value, rounding: .toNearestOrAwayFromZero, in: pixelRange)
    } catch {
      throw AdInitError(
        "\(method): init.\(field) must be a number of pixels from 0 to \(pixelRange.upperBound) for a VAST ad, "
          + "got \(error.got)")
    }
  }
}

/// An `AdInit` a VAST ad cannot fill: the message names the method and the field.
public struct AdInitError: Error, CustomStringConvertible {
  public let description: String
  /// An error saying `description`.
  public init(_ description: String) { self.description = description }
}

extension VASTCompanion {
  /// THEOplayer's `resourceURI`: the first static resource's URL, else the first iframe's.
  public var resourceURI: String? {
    (resources.first { $0.kind == .staticResource } ?? resources.first { $0.kind == .iFrame })?.value
  }

  /// THEOplayer's `contentHTML`: the first HTML resource.
  public var contentHTML: String? { resources.first { $0.kind == .html }?.value }
}
