import PlayerSeam
import VASTKit

extension PlaybackEngine {
  /// The player a client-side break's ads are planned for when nothing names its size: a
  /// 640×360 slot playing progressive MP4 (`VASTResolverOptions.media`).
  public static let clientSideMedia = VASTMediaRequest(width: 640, height: 360)

  /// Creates an ad in `adBreak` (or at `adInit.timeOffset`) and, for a VAST ad, fills what the
  /// init leaves out from it (`VASTAdBox.fill`) and tracks it natively; with SVTA creative
  /// `signaling`, fills from it first (`CreativeSignaling.fill`: the stream's word on this
  /// playout before the creative's document) and tracks it too. The one way an ad is created from VAST: the `csai` integration's breaks and a plugin's
  /// `controller:createAd`. Throws, naming `method`, when the init cannot be filled or the
  /// controller refuses it.
  public func createTrackedAd<Controller: AdIntegrationController>(
    _ adInit: AdInit, vast box: VASTAdBox?, signaling: CreativeSignaling? = nil,
    in adBreak: (any IntegrationAdBreak)?, controller: Controller, method: String
  ) throws -> Controller.Ad {
    var adInit = adInit
    signaling?.fill(&adInit)
    if let box { try box.fill(&adInit, method: method) }
    let ad = try controller.createAd(adInit, adBreak: adBreak)
    if let box { track(ad, with: box) }
    if let signaling { track(ad, signaling: signaling, alongside: box) }
    return ad
  }
}

extension AdInit {
  /// A linear ad playing `planned`'s media file (chosen by the plan), at the file's size.
  public init(planned: VASTResolvedAd) {
    self.init(type: .linear)
    if let file = planned.media {
      resourceURI = file.url
      width = file.width.map(Double.init)
      height = file.height.map(Double.init)
    }
  }
}
