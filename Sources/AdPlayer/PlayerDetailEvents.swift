import AdsCore
import PlayerSeam

extension Player {
  /// Fires a player event that another module raises with its own fields (the `interstitial…`
  /// events of the HLS interstitial player): logged as `{"t":…,"type":…,<detail>…,"currentTime":…}`
  /// and handed to the listeners of `type` with `detail` and the content position. `logged`,
  /// when given, is what the log keeps instead of `detail` (a shorter form).
  public func emit(_ type: EventType, detail: JSONObject, logged: JSONObject? = nil) {
    PlayerEvents.fire(
      type, at: loop.nowMicros, log: log, listeners: listeners, ads: ads, detail: detail, logged: logged,
      currentTime: currentTime)
  }

  /// Hands an event to the player's listeners without logging it (`addcue` with its cue,
  /// `loadedmetadata`): the log has the entries of what brought them (`segment`).
  public func dispatch(_ type: EventType, cue: Cue?) {
    PlayerEvents.dispatch(type, at: loop.nowMicros, listeners: listeners, currentTime: currentTime, cue: cue)
  }
}
