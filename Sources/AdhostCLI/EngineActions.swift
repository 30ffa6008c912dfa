import AdPlayer
import EngineHost
import GStreamerPlayer
import PlayerSeam

/// `--actions` (a scenario's `actions`) on the real engine: each at its time on the engine's
/// scheduler (the wall clock from the start in real time, media time in the fast mode), after the
/// other work due then, logged as the headless player logs it (`ScriptedAction.entry`).
enum EngineActions {
  static func schedule(_ actions: [ScriptedAction], on host: EngineHost) {
    let loop = host.player.loop
    for action in actions {
      loop.afterMicros(VirtualTime.micros(action.at) - loop.nowMicros, phase: .userAction) {
        [weak player = host.player, runner = host.runner] in
        guard let player else { return }
        perform(action, on: player, runner: runner)
      }
    }
  }

  /// Performs one action now, after logging it.
  static func perform(_ action: ScriptedAction, on player: EnginePlayer, runner: EngineRun) {
    let (adId, fields) = action.entry(ads: player.ads) { target, ad in
      player.clickHandler?(target, ad) ?? ScriptedAction.defaultClick(target, on: ad)
    }
    player.appendLog(.action, adId: adId, fields: fields)
    switch action.kind {
    case .play: player.play()
    case .pause: player.pause()
    case .seek(let target): player.seek(to: target)
    case .skip: _ = player.ads.skip()
    case .click: break
    case .stop:
      runner.interrupt("stopped by the script at \(VirtualTime.secondsText(player.loop.nowMicros)) s")
    }
  }
}
