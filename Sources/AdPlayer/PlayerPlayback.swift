import AdsCore
import PlayerSeam

extension Player {
  /// The content position in seconds; setting it seeks.
  public var currentTime: Double {
    get { VirtualTime.seconds(positionMicros) }
    set { seek(to: newValue) }
  }

  package var positionMicros: Int64 {
    guard !paused, !isWaiting, isLoaded, fatalError == nil else { return positionAnchorMicros }
    let position = positionAnchorMicros + (loop.nowMicros - clockAnchorMicros)
    if let end = timeline.durationMicros { return min(position, end) }
    return position
  }

  /// Whether content may still play, or plays: a source is loaded and has not failed, ended or
  /// been destroyed, and is not waiting for media while playing (paused content counts: a timer
  /// may play it); or an ad or interstitial plays. The loop's `hasContent`.
  var hasContentToPlay: Bool {
    if ads.currentAdBreak != nil || playingInterstitial { return true }
    guard isLoaded, fatalError == nil, !isDestroyed, !ended else { return false }
    return paused || !isWaiting
  }

  /// Starts or resumes playback: fires `play`, then `playing` once a source is loaded, unless a
  /// `play` listener paused again (the content waits for an ad). After the end, playback
  /// restarts from 0. Ignored after a fatal error or destroy.
  public func play() {
    guard paused, fatalError == nil, !isDestroyed else { return }
    if ended { seek(to: 0) }
    paused = false
    clockAnchorMicros = loop.nowMicros
    emit(.play, currentTime: currentTime)
    if isLoaded, !paused { startPlaying() }
  }

  /// Pauses: fires `pause`.
  public func pause() {
    guard !paused, !isDestroyed else { return }
    settlePosition()
    stopTimers()
    paused = true
    emit(.pause, currentTime: currentTime)
  }

  /// Seeks to `seconds` (clamped to the content): fires `seeking`, `timeupdate`, `seeked`.
  /// Ignored without a loaded source.
  public func seek(to seconds: Double) {
    guard isLoaded, fatalError == nil, !isDestroyed else { return }
    var target = VirtualTime.micros(seconds)
    if let end = timeline.durationMicros { target = min(target, end) }
    settlePosition()
    positionAnchorMicros = target
    ended = false
    emit(.seeking, currentTime: currentTime)
    reportTime()
    emit(.seeked, currentTime: currentTime)
    checkCues()
    if !paused, !isWaiting, isLoaded { scheduleTimers() }
  }

  /// Replaces the timeline of the loaded content (e.g. once its playlist is known).
  public func setTimeline(_ newTimeline: ContentTimeline) {
    settlePosition()
    timeline = newTimeline
    if let end = timeline.durationMicros, positionAnchorMicros > end { positionAnchorMicros = end }
    if !paused, !isWaiting, isLoaded { scheduleTimers() }
  }

  /// Makes the content wait for media or go on: `waiting` as it stops while playing (content
  /// time stands still), `playing` as it goes on.
  public func setWaiting(_ waiting: Bool) {
    guard waiting != isWaiting, !isDestroyed else { return }
    let playing = !paused && isLoaded && fatalError == nil
    if waiting {
      settlePosition()
      stopTimers()
      isWaiting = true
      if playing { emit(.waiting, currentTime: currentTime) }
      return
    }
    isWaiting = false
    if playing { startPlaying() }
  }

  func startPlaying() {
    clockAnchorMicros = loop.nowMicros
    if isWaiting {
      emit(.waiting, currentTime: currentTime)
      return
    }
    emit(.playing, currentTime: currentTime)
    // A `playing` listener may have paused (a client-side ad break) or unloaded the content.
    guard !paused, isLoaded else { return }
    checkCues()
    guard !paused, isLoaded else { return }
    scheduleTimers()
  }

  /// Moves the anchor to now so that the position stays right across state changes.
  func settlePosition() {
    positionAnchorMicros = positionMicros
    clockAnchorMicros = loop.nowMicros
  }

  func stopTimers() {
    tickTimer?.cancel()
    endTimer?.cancel()
    tickTimer = nil
    endTimer = nil
    cueState.timer?.cancel()
    cueState.timer = nil
  }

  func scheduleTimers() {
    stopTimers()
    let link = link
    if let end = timeline.durationMicros {
      guard positionAnchorMicros < end else {
        reachEnd()
        return
      }
      endTimer = loop.afterMicros(end - positionAnchorMicros) { link.player?.reachEnd() }
    }
    tickTimer = loop.everyMicros(timeUpdateIntervalMicros) { link.player?.reportTime() }
    scheduleCueTimer()
  }

  func reportTime() {
    let position = positionMicros
    lastReportedPositionMicros = position
    emit(.timeupdate, currentTime: VirtualTime.seconds(position))
  }

  /// At the end of VOD content: a last `timeupdate` if the end was not reported, `pause`, `ended`.
  func reachEnd() {
    settlePosition()
    stopTimers()
    if lastReportedPositionMicros != positionAnchorMicros { reportTime() }
    paused = true
    ended = true
    emit(.pause, currentTime: currentTime)
    emit(.ended, currentTime: currentTime)
  }
}
