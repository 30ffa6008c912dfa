import OutsideText
import PlayerSeam

/// How a player fires its events, the same on every player: the log's entry first, then the
/// listeners of the type (ad events go to the registry's). Host thread only.
package enum PlayerEvents {
  /// Logs a player or ad event at `micros` (`EventLog.appendEvent`) and hands it to the listeners.
  package static func fire(
    _ type: EventType, at micros: Int64, log: EventLog, listeners: EventListeners, ads: Ads, ad: Ad?,
    adBreak: AdBreak?, currentTime: Double?, playedPercentage: Double?, errorMessage: String?,
    errorCode: Int?,
    cue: Cue?, joinedAt: Double?
  ) {
    log.appendEvent(
      type, micros: micros, ad: ad, adBreak: adBreak, currentTime: currentTime,
      playedPercentage: playedPercentage, errorMessage: errorMessage, errorCode: errorCode, cue: cue,
      joinedAt: joinedAt)
    let table = type.isAdEvent ? ads.listeners : listeners
    guard table.hasListeners(type) else { return }
    table.dispatch(
      PlayerEvent(
        type: type, time: VirtualTime.seconds(micros), ad: ad, adBreak: adBreak, currentTime: currentTime,
        playedPercentage: playedPercentage, errorMessage: errorMessage, errorCode: errorCode, cue: cue))
  }

  /// Logs an event another module raises with fields of its own (`logged`, else `detail`, with the
  /// playhead) and hands it to the listeners with `detail`.
  package static func fire(
    _ type: EventType, at micros: Int64, log: EventLog, listeners: EventListeners, ads: Ads,
    detail: JSONObject,
    logged: JSONObject?, currentTime: Double
  ) {
    log.appendDetailEvent(type, micros: micros, fields: logged ?? detail, currentTime: currentTime)
    let table = type.isAdEvent ? ads.listeners : listeners
    guard table.hasListeners(type) else { return }
    table.dispatch(
      PlayerEvent(type: type, time: VirtualTime.seconds(micros), currentTime: currentTime, detail: detail))
  }

  /// Hands an event to the listeners without logging it (`addcue` with its cue, `loadedmetadata`).
  package static func dispatch(
    _ type: EventType, at micros: Int64, listeners: EventListeners, currentTime: Double, cue: Cue?
  ) {
    guard listeners.hasListeners(type) else { return }
    listeners.dispatch(
      PlayerEvent(type: type, time: VirtualTime.seconds(micros), currentTime: currentTime, cue: cue))
  }
}
