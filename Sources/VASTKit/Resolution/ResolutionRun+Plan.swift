import Foundation

/// The stand-alone ads of a response not used yet, in document order (each may have resolved
/// to several ads: a wrapper with allowMultipleAds), and the ads found unplayable so far.
struct StandIns {
  var buffet: [[VASTResolvedAd]]
  var unplayable: [VASTAdFailure] = []

  /// The first stand-alone ad left that plays (its unplayable ads tried on the way are
  /// recorded, their Error URLs fired); nil when none is left.
  mutating func take(_ run: ResolutionRun) async -> [VASTResolvedAd]? {
    while !buffet.isEmpty {
      let playable = await playable(buffet.removeFirst(), run)
      if !playable.isEmpty { return playable }
    }
    return nil
  }

  /// The ads of `group` that play, each with its media file; the others are recorded.
  mutating func playable(_ group: [VASTResolvedAd], _ run: ResolutionRun) async -> [VASTResolvedAd] {
    guard let request = run.options.media else { return group }
    var playing: [VASTResolvedAd] = []
    for resolved in group {
      switch Self.check(resolved.ad, request) {
      case .success(let file):
        var planned = resolved
        planned.media = file
        playing.append(planned)
      case .failure(let error):
        await run.fireErrors(resolved.ad.errors, code: error.code)
        unplayable.append(
          VASTAdFailure(
            adId: resolved.ad.id, sequence: resolved.ad.sequence, error: error, chain: resolved.chain))
      }
    }
    return playing
  }

  /// The media file `ad` plays for `request`, or why it cannot play: 101 without a usable
  /// duration, 403 without a linear creative or a media file that fits (IAB VAST 4.x, 2.3.6).
  static func check(_ ad: VASTAd, _ request: VASTMediaRequest) -> Result<VASTMediaFile, VASTError> {
    let linear = ad.linear
    let nonLinear = ad.creatives.lazy.compactMap(\.nonLinearAds).flatMap(\.nonLinears).first
    let duration = linear != nil ? linear?.duration : nonLinear?.minSuggestedDuration
    guard let duration, duration > 0, duration.isFinite else {
      return .failure(VASTError(.schemaValidation, "\(label(ad)) has no usable Duration"))
    }
    guard let linear else {
      return .failure(VASTError(.noSupportedMediaFile, "\(label(ad)): the ad has no linear creative"))
    }
    do throws(VASTError) {
      return .success(try linear.selectMediaFile(request))
    } catch {
      return .failure(VASTError(error.code, "\(label(ad)): \(error.message)"))
    }
  }

  /// How messages name an ad.
  static func label(_ ad: VASTAd) -> String {
    ad.id.map { "VAST ad \"\($0)\"" } ?? "a VAST ad without id"
  }
}
