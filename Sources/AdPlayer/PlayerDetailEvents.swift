import AdsCore
import PlayerSeam

extension Player {
  /// Fires a player event that another module raises with its own fields (the `interstitial…`
  /// events of the HLS interstitial player): logged as `{"t":…,"type":…,<detail>…,"currentTime":…}`
  /// and handed to the listeners of `type` with `detail` and the content position. `logged`,
  /// when given, is what the log keeps instead of `detail` (a shorter form).
  public func emit(_ type: EventType, detail: JSONObject, logged: JSONObject? = nil) {
    let position = currentTime
    log.appendDetailEvent(type, micros: loop.nowMicros, fields: logged ?? detail, currentTime: position)
    let table = type.isAdEvent ? ads.listeners : listeners
    guard table.hasListeners(type) else { return }
    table.dispatch(PlayerEvent(type: type, time: loop.now, currentTime: position, detail: detail))
  }

  /// Hands an event to the player's listeners without logging it (`addcue` with its cue,
  /// `loadedmetadata`): the log has the entries of what brought them (`segment`).
  public func dispatch(_ type: EventType, cue: Cue?) {
    guard listeners.hasListeners(type) else { return }
    listeners.dispatch(PlayerEvent(type: type, time: loop.now, currentTime: currentTime, cue: cue))
  }
}
