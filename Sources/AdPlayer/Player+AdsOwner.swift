import AdsCore
import PlayerSeam

// The registry's controllers log their events, count their work and stop playback through the
// player that owns them.
extension Player: AdsOwner {
  package func emitAdEvent(
    _ type: EventType, ad: Ad?, adBreak: AdBreak?, playedPercentage: Double?, errorMessage: String?,
    joinedAt: Double?
  ) {
    emit(
      type, ad: ad, adBreak: adBreak, playedPercentage: playedPercentage, errorMessage: errorMessage,
      joinedAt: joinedAt)
  }
}
