import PlayerSeam

extension PlaybackEngine {
  /// A plugin declares its tracking vocabulary (`controller:declareTracking`): logged as a
  /// `trackingvocabulary` entry, so that the strict rules consult it from then on and every
  /// result shows it (docs/testing.md "Tracking vocabulary").
  public func declareTracking(_ vocabulary: TrackingVocabulary) {
    player.appendLog(
      .trackingvocabulary, adId: nil, fields: vocabulary.json.objectValue ?? JSONObject())
  }
}
