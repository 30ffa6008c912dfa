import PlayerSeam

// The registry's objects are one implementation of the bridge's protocols. Where a protocol takes
// an ad, break or controller of any implementation, the witnesses below accept only these
// objects (anything else is refused like an unknown ad) and forward to the concrete methods; they
// are disfavoured so that calls on the concrete types keep choosing the concrete methods.

extension Ad: IntegrationAd {}
extension AdBreak: IntegrationAdBreak {}

extension Ads: IntegrationAds {
  @_disfavoredOverload
  @discardableResult
  public func registerServerSideIntegration(
    _ id: String, _ factory: (any AdIntegrationController) throws -> ServerSideAdIntegrationHandler
  ) throws -> ServerSideAdIntegrationController {
    try registerServerSideIntegration(id) { (controller: ServerSideAdIntegrationController) in
      try factory(controller)
    }
  }

  @_disfavoredOverload
  public func observeRemovals(_ observer: @escaping (any IntegrationAd) -> Void) {
    observeRemovals { (ad: Ad) in observer(ad) }
  }
}

extension ServerSideAdIntegrationController: AdIntegrationController {
  @_disfavoredOverload
  public func createAd(_ init: AdInit, adBreak: (any IntegrationAdBreak)?) throws(AdControllerError) -> Ad {
    try createAd(
      `init`, adBreak: try adBreak.map { adBreak throws(AdControllerError) in try own(adBreak, "createAd") })
  }

  @_disfavoredOverload
  public func updateAd(_ ad: any IntegrationAd, _ init: AdInit) throws(AdControllerError) {
    try updateAd(try own(ad, "updateAd"), `init`)
  }

  @_disfavoredOverload
  public func updateAdBreak(_ adBreak: any IntegrationAdBreak, _ init: AdBreakInit) throws(AdControllerError)
  {
    try updateAdBreak(try own(adBreak, "updateAdBreak"), `init`)
  }

  @_disfavoredOverload
  public func beginAd(_ ad: any IntegrationAd) throws(AdControllerError) {
    try beginAd(try own(ad, "beginAd"))
  }

  @_disfavoredOverload
  public func beginAd(_ ad: any IntegrationAd, at offset: Double) throws(AdControllerError) {
    try beginAd(try own(ad, "beginAd"), at: offset)
  }

  @_disfavoredOverload
  public func updateAdProgress(_ ad: any IntegrationAd, _ progress: Double) throws(AdControllerError) {
    try updateAdProgress(try own(ad, "updateAdProgress"), progress)
  }

  @_disfavoredOverload
  public func endAd(_ ad: any IntegrationAd) throws(AdControllerError) { try endAd(try own(ad, "endAd")) }

  @_disfavoredOverload
  public func skipAd(_ ad: any IntegrationAd) throws(AdControllerError) { try skipAd(try own(ad, "skipAd")) }

  @_disfavoredOverload
  public func removeAd(_ ad: any IntegrationAd) throws(AdControllerError) {
    try removeAd(try own(ad, "removeAd"))
  }

  @_disfavoredOverload
  public func removeAdBreak(_ adBreak: any IntegrationAdBreak) throws(AdControllerError) {
    try removeAdBreak(try own(adBreak, "removeAdBreak"))
  }

  private func own(_ ad: any IntegrationAd, _ method: String) throws(AdControllerError) -> Ad {
    guard let ad = ad as? Ad else {
      throw AdControllerError(method, "ad \"\(ad.id)\" is not an ad of \(integration)")
    }
    return ad
  }

  private func own(_ adBreak: any IntegrationAdBreak, _ method: String) throws(AdControllerError) -> AdBreak {
    guard let adBreak = adBreak as? AdBreak else {
      throw AdControllerError(method, "the break at \(adBreak.timeOffset) is not a break of \(integration)")
    }
    return adBreak
  }
}
