import PlayerSeam

/// An ad of the in-memory implementation.
final class MemoryAd: IntegrationAd {
  let serial = Serial.next()
  var id: String
  var type: AdType
  let integration: String
  var adBreak: MemoryAdBreak?
  var duration: Double?
  var skipOffset: Double = -1
  var resourceURI: String?
  var clickThrough: String?
  var width: Double?
  var height: Double?
  var creativeId: String?
  var universalAdIds: [UniversalAdId] = []
  var companions: [CompanionAd] = []
  var adSystem: String?
  var isSlate = false
  var customData: JSONValue?
  var state: AdPlaybackState = .scheduled
  var progress: Double = 0
  var readyState: String { "ready" }
  var quartilesFired = 0

  init(id: String, type: AdType, integration: String) {
    self.id = id
    self.type = type
    self.integration = integration
  }

  func apply(_ init: AdInit) {
    if let value = `init`.type { type = value }
    if let value = `init`.id { id = value }
    if let value = `init`.duration { duration = value }
    if let value = `init`.skipOffset { skipOffset = value }
    if let value = `init`.resourceURI { resourceURI = value }
    if let value = `init`.clickThrough { clickThrough = value }
    if let value = `init`.width { width = value }
    if let value = `init`.height { height = value }
    if let value = `init`.creativeId { creativeId = value }
    if let value = `init`.universalAdIds { universalAdIds = value }
    if let value = `init`.companions { companions = value }
    if let value = `init`.adSystem { adSystem = value }
    if let value = `init`.isSlate { isSlate = value }
    if let value = `init`.customData { customData = value }
  }
}

/// A break of the in-memory implementation.
final class MemoryAdBreak: IntegrationAdBreak {
  let serial = Serial.next()
  let integration: String
  let owner: UInt64
  var timeOffset: Double
  var maxDuration: Double?
  var customData: JSONValue?
  var isPlaying = false
  var isRemoved = false
  var ads: [MemoryAd] = []

  /// `maxDuration` minus what its ads played (all of an ended ad, the progress of the others).
  var maxRemainingDuration: Double? {
    guard let maxDuration else { return nil }
    let played = ads.reduce(0.0) { sum, ad in
      switch ad.state {
      case .ended: sum + (ad.duration ?? 0)
      case .playing, .skipped: sum + (ad.duration ?? 0) * ad.progress
      case .scheduled, .removed: sum
      }
    }
    return max(0, maxDuration - played)
  }

  init(integration: String, owner: UInt64, timeOffset: Double) {
    self.integration = integration
    self.owner = owner
    self.timeOffset = timeOffset
  }
}
