import AdsCore
import GStreamerEngine
import OutsideText
import PlayerSeam

extension EnginePlayer {
  /// Whether playback is paused, as the engine last reported.
  public var paused: Bool { playback.paused }
  /// Whether the engine is buffering while playing.
  public var isWaiting: Bool { playback.isWaiting }
  /// Whether the content played to its end.
  public var ended: Bool { playback.ended }

  /// Whether the engine is still to answer what the player asked of it: a state (`play`,
  /// `pause`, `seeking`) it has not reported yet, or the end of a seek (`seeked`). A caller that
  /// needs the answer drives the player (`EngineRun.drive`) until this is false.
  public var awaitsEngine: Bool {
    isLoaded && !isDestroyed && fatalError == nil && (playback.awaitsEngine || seekTargetMicros != nil)
  }

  /// The playhead in seconds: the engine's last reported position, moved on by the time since
  /// while it plays (the engine reports at least 4 times a second).
  public var currentTime: Double { VirtualTime.seconds(positionMicros) }

  package var positionMicros: Int64 {
    if let target = seekTargetMicros { return target }
    guard playback.rolling, !playback.paused, !playback.isWaiting, isLoaded, fatalError == nil else {
      return reportedPositionMicros
    }
    let position = reportedPositionMicros &+ max(0, loop.nowMicros &- reportedAtMicros)
    if let end = timeline.durationMicros { return min(position, end) }
    return position
  }

  /// Asks the engine to play (it reports `play`, then `playing` once frames flow); before the
  /// content is loaded, it plays once loaded. Ignored after a fatal error or destroy.
  public func play() {
    guard fatalError == nil, !isDestroyed else { return }
    wantsToPlay = true
    guard isLoaded, let engine, playback.paused else { return }
    if playback.ended { seek(to: 0) }
    settlePosition()
    engine.play()
    for change in playback.request(.play) { apply(change) }
  }

  /// Asks the engine to pause (it reports `pause`).
  public func pause() {
    guard !isDestroyed else { return }
    wantsToPlay = false
    guard let engine, isLoaded, !playback.paused else { return }
    settlePosition()
    engine.pause()
    for change in playback.request(.pause, position: currentTime) { apply(change) }
  }

  /// Asks the engine to seek (it reports `seeking`, then `seeked`); the tags of the segments it
  /// fetches next are placed afresh.
  public func seek(to seconds: Double) {
    guard isLoaded, fatalError == nil, !isDestroyed, let engine else { return }
    var target = max(0, seconds)
    if let duration = timeline.duration { target = min(target, duration) }
    placement.restart()
    cancelCueTimer()
    // The cues jumped over do not fire (the seek's `timeupdate` comes before its `seeked`).
    lastCueCheckMicros = nil
    seekTargetMicros = VirtualTime.micros(target)
    if playback.ended {
      // The pipeline stays in PLAYING after its end: paused first, it does not play on from the
      // seek (the player is paused since the end).
      engine.pause()
      playback.pauseQuietly()
    }
    engine.seek(to: target)
    for change in playback.request(.seeking, position: target) { apply(change) }
  }

  /// Replaces the timeline of the loaded content.
  public func setTimeline(_ newTimeline: ContentTimeline) { timeline = newTimeline }

  /// The engine buffers by itself and reports `waiting`: the host's segment loader does not run
  /// on this player, and its calls change nothing.
  public func setWaiting(_ waiting: Bool) {}

  /// Moves the report anchor to now, so that the playhead stays right across a state change.
  func settlePosition() {
    reportedPositionMicros = positionMicros
    reportedAtMicros = loop.nowMicros
  }

  /// Applies one event of the engine: its state and position to the player's events, the tags,
  /// playlists and MPDs of what it fetched and its SCTE-35 splices to cues, its errors to a fatal
  /// error, its frame counts and screenshots to the log.
  public func handle(_ event: EngineEvent) {
    switch event {
    case .time(let position, let duration):
      if let duration, duration > 0, timeline.isLive || timeline.duration != duration {
        timeline = .vod(duration)
      }
      // Until the seek is done the playhead is its target, whatever the engine played before it
      // reached the seek: such a report moves neither the playhead nor the media clock, and fires
      // no `timeupdate` (a stepped engine is not stepped on it either: `EngineRun`).
      guard seekTargetMicros == nil else { return }
      // While an interstitial's asset plays, the fast mode's clock follows the asset's engine.
      if asset == nil { loop.follow(position: position) }
      report(position)
    case .state(let state, let position):
      if state == .seeked || state == .seeking, let position, asset == nil { loop.seeked(to: position) }
      if state == .seeked { seekTargetMicros = nil }
      // A stepped engine's playhead is its video sink's, which its own reports give: the
      // pipeline's position in a state report leads it by the unsynchronised audio (its
      // `seeked` gives the seek's target).
      let sinkLed = engine?.isStepped == true && state != .seeked
      if let position, seekTargetMicros == nil, !sinkLed { report(position) }
      // At the end of VOD content the playhead is its duration, as a media element's is.
      if state == .ended, let end = timeline.durationMicros { reportedPositionMicros = end }
    case .tags(let tags): addPlaced(placement.add(tags, known: cueState))
    case .segment(let segment): addPlaced(placement.add(segment, known: cueState))
    case .playlist(let fetched): addCues(of: fetched)
    case .scte35(let splice): addCue(of: splice)
    case .frames(let rendered, let dropped):
      appendLog(
        .frames,
        fields: JSONObject([("rendered", .number(Double(rendered))), ("dropped", .number(Double(dropped)))]))
    case .screenshot(let shot): logScreenshot(shot)
    case .ready, .fragment, .stopped, .exited, .error, .crashed: break
    }
    for change in playback.apply(event) { apply(change) }
  }

  private func logScreenshot(_ shot: EngineScreenshot) {
    var fields = JSONObject([("path", .string(shot.file)), ("at", .number(shot.at))])
    switch shot.outcome {
    case .written(let frameTime, let width, let height):
      fields["frameTime"] = .number(frameTime)
      fields["width"] = .number(Double(width))
      fields["height"] = .number(Double(height))
    case .failed(let reason):
      fields["failure"] = .string(reason)
      failedScreenshots.append("\(shot.file): \(reason)")
    }
    appendLog(.screenshot, fields: fields)
  }

  private func report(_ position: Double) {
    reportedPositionMicros = VirtualTime.micros(position)
    reportedAtMicros = loop.nowMicros
  }

  private func apply(_ change: PlaybackChange) {
    switch change {
    case .fatal(let error):
      fail(message: error.message, code: error.code)
    case .event(let type, let position):
      guard !isDestroyed else { return }
      emit(type, currentTime: position ?? currentTime)
      switch type {
      case .timeupdate, .playing:
        playedOn()
      case .seeked:
        lastCueCheckMicros = positionMicros - 1
        checkCues()
        scheduleCueTimer()
      case .pause, .waiting, .ended:
        cancelCueTimer()
      default: break
      }
    }
  }
}
