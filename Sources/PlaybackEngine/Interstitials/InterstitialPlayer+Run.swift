import Foundation
import HLSKit
import PlayerSeam

extension InterstitialPlayer {
  /// Plays `due` in order, then resumes the primary content (unless `resumingPrimary` is false:
  /// post-rolls).
  func start(_ due: [(ScheduledInterstitial, Double)], resumingPrimary: Bool) {
    timer?.cancel()
    timer = nil
    if !player.paused { pausePrimary() }
    player.playingInterstitial = true
    queue = due.map { (interstitial: $0.0, startOffset: $0.1) }
    queueBegan = (player.currentTime, player.loop.now)
    queueOfPreRolls = due.allSatisfy { $0.0.isPre }
    resumePoint = nil
    resumesPrimary = resumingPrimary
    playNext()
  }

  private func playNext() {
    guard !queue.isEmpty else { return finishQueue() }
    let (scheduled, offset) = queue.removeFirst()
    let run = InterstitialRun(scheduled, startOffset: offset, pausedAt: player.currentTime)
    self.run = run
    var detail = JSONObject([("interstitial", scheduled.detail)])
    if offset > 0 { detail["startOffset"] = .number(offset) }
    var startLogged = logged(run, detail)
    startLogged["interstitial"] = scheduled.startLogDetail
    player.emit(.interstitialstart, detail: detail, logged: startLogged)
    guard self.run === run else { return }
    switch scheduled.interstitial.asset {
    case .uri(let url):
      run.assets = [InterstitialRun.PlannedAsset(url: url, listDuration: nil, otherMembers: [:])]
      playAsset(0, of: run)
    case .list(let url) where scheduled.format == .dash:
      loader.listMPD(url) { [backlink] result in
        guard let self = backlink.object, self.run === run else { return }
        self.listLoaded(
          run,
          result.map { list in
            let assets = list.entries.map {
              InterstitialRun.PlannedAsset(
                url: $0.url, listDuration: $0.duration, otherMembers: [:], isMPD: true,
                signaling: self.signaling(events: $0.events, listURL: url))
            }
            return (assets, nil, [:])
          })
      }
    case .list(let url):
      var parameters = [("_HLS_primary_id", primaryId)]
      if offset > 0 { parameters.append(("_HLS_start_offset", Self.decimal(offset))) }
      loader.assetList(InterstitialLoader.url(url, adding: parameters)) { [backlink] result in
        guard let self = backlink.object, self.run === run else { return }
        self.listLoaded(
          run,
          result.map { list in
            let assets = list.assets.enumerated().map { index, asset in
              InterstitialRun.PlannedAsset(
                url: asset.url, listDuration: asset.duration, otherMembers: asset.otherMembers,
                signaling: self.signaling(
                  member: asset.otherMembers[CreativeSignaling.assetMember], index: index, listURL: url))
            }
            return (assets, list.skipControl, list.otherMembers)
          })
      }
    }
  }

  /// Loads asset `index`'s playlist (just in time) and plays it; a failing asset is skipped.
  func playAsset(_ index: Int, of run: InterstitialRun) {
    guard self.run === run else { return }
    guard index < run.assets.count else { return endInterstitial(run, reason: "ended") }
    guard run.limitLeft > 0 else { return endInterstitial(run, reason: "playout-limit") }
    let asset = run.assets[index]
    if let known = asset.listDuration, run.offsetLeft >= known, known > 0 {
      // A live join past this asset: it is not requested.
      run.offsetLeft -= known
      return playAsset(index + 1, of: run)
    }
    let load = asset.isMPD ? loader.mpdDuration : loader.assetDuration
    let url =
      asset.isMPD ? asset.url : InterstitialLoader.url(asset.url, adding: [("_HLS_primary_id", primaryId)])
    load(url) { [backlink] result in
      guard let self = backlink.object, self.run === run else { return }
      let base = Self.assetDetail(index, asset)
      switch result {
      case .failure(let failure):
        self.assetFailed(run, base, failure.message)
        self.playAsset(index + 1, of: run)
      case .success(let duration):
        guard let duration = duration ?? asset.listDuration, duration > 0 else {
          self.assetFailed(
            run, base, "the asset \(asset.url.absoluteString) is live and the list gives no DURATION")
          return self.playAsset(index + 1, of: run)
        }
        if run.offsetLeft >= duration {
          run.offsetLeft -= duration
          return self.playAsset(index + 1, of: run)
        }
        self.begin(index, asset, duration: duration, in: run)
      }
    }
  }

  private func begin(
    _ index: Int, _ asset: InterstitialRun.PlannedAsset, duration: Double, in run: InterstitialRun
  ) {
    let from = run.offsetLeft
    run.offsetLeft = 0
    let remaining = duration - from
    let length = min(remaining, run.limitLeft)
    guard case .object(var object) = Self.assetDetail(index, asset) else { return }
    object["duration"] = .number(duration)
    if from > 0 { object["startOffset"] = .number(from) }
    let detail = JSONValue.object(object)
    run.current = InterstitialRun.PlayingAsset(
      index: index, detail: detail, startedAt: player.loop.now, length: length, naturalLength: remaining,
      cutByLimit: length < remaining)
    let fields = JSONObject([("interstitial", run.scheduled.detail), ("asset", detail)])
    player.emit(.interstitialassetstart, detail: fields, logged: logged(run, fields))
    guard self.run === run, run.current?.index == index else { return }
    if length < remaining { armLimit(run, after: length) }
    let url =
      asset.isMPD ? asset.url : InterstitialLoader.url(asset.url, adding: [("_HLS_primary_id", primaryId)])
    assets.play(url, from: from, length: remaining) { [backlink] failure in
      guard let self = backlink.object, self.run === run, run.current?.index == index else { return }
      if let failure { self.assetFailed(run, detail, failure) }
      self.endAsset(run, reason: failure == nil ? "ended" : "error")
    }
  }

  /// Ends the asset playing at the playout limit, `seconds` from now.
  func armLimit(_ run: InterstitialRun, after seconds: Double) {
    run.assetTimer = player.loop.after(seconds) { [backlink] in
      guard let self = backlink.object, self.run === run else { return }
      run.assetTimer = nil
      self.endAsset(run, reason: "playout-limit")
    }
  }

  /// Ends the asset playing (`reason`: `ended`, `playout-limit`, `seek`, `skip`, `error`: its
  /// media could not play on); then the next plays unless the interstitial is over.
  func endAsset(_ run: InterstitialRun, reason: String) {
    guard let current = run.current else { return }
    run.assetTimer?.cancel()
    run.assetTimer = nil
    assets.stop()
    run.current = nil
    let played = min(current.length, player.loop.now - current.startedAt)
    run.played += played
    let fields = JSONObject([
      ("interstitial", run.scheduled.detail), ("asset", current.detail), ("played", .number(played)),
      ("reason", .string(reason)),
    ])
    player.emit(.interstitialassetend, detail: fields, logged: logged(run, fields))
    guard self.run === run, reason != "seek", reason != "skip" else { return }
    if reason == "playout-limit" { return endInterstitial(run, reason: reason) }
    playAsset(current.index + 1, of: run)
  }

  private func assetFailed(_ run: InterstitialRun, _ asset: JSONValue, _ message: String) {
    let fields = JSONObject([
      ("interstitial", run.scheduled.detail), ("asset", asset), ("message", .string(message)),
    ])
    player.emit(.interstitialerror, detail: fields, logged: logged(run, fields))
  }

  /// Ends the interstitial (`reason`: `ended`, `playout-limit`, `error`, `seek`, `skip`) and
  /// plays the next one due, or resumes the primary content.
  func endInterstitial(_ run: InterstitialRun, reason: String) {
    guard self.run === run else { return }
    let scheduled = run.scheduled
    scheduled.played = true
    var target: Double?
    if scheduled.isMidRoll {
      if let snapback = scheduled.snapbackTarget {
        target = snapback
      } else {
        let interstitial = scheduled.interstitial
        var point = interstitial.startTime + interstitial.resumeOffset(played: run.startOffset + run.played)
        if interstitial.snap.contains(.in) { point = ScheduledInterstitial.snap(point, to: segments) }
        target = withinLiveWindow(point)
      }
      scheduled.snapbackTarget = nil
    } else if scheduled.isPre, isLive {
      target = liveJoinAfterPreRoll
    } else if scheduled.isPre {
      target = contentStart
    }
    if reason != "seek", let target { resumePoint = max(resumePoint ?? target, target) }
    self.run = nil
    var fields = JSONObject([
      ("interstitial", scheduled.detail), ("played", .number(run.played)), ("reason", .string(reason)),
    ])
    if reason != "seek", resumesPrimary { fields["resumeTime"] = .number(resumePoint ?? player.currentTime) }
    player.emit(.interstitialend, detail: fields, logged: logged(run, fields))
    guard self.run == nil else { return }
    if reason == "seek" {
      queue = []
      player.playingInterstitial = false
      return
    }
    playNext()
  }

  private func finishQueue() {
    player.playingInterstitial = false
    guard resumesPrimary else { return }
    let point = resumePoint ?? player.currentTime
    resumePoint = nil
    // After pre-rolls nothing at the resumption point has played: a mid-roll there plays.
    let afterPreRolls = queueOfPreRolls
    acting {
      if assets.seeksOnResume || VirtualTime.micros(point) != VirtualTime.micros(player.currentTime) {
        player.seek(to: point)
      }
      cursorMicros = VirtualTime.micros(player.currentTime) - (afterPreRolls ? 1 : 0)
    }
    // A live stream's pre-rolls ended inside a mid-roll: it plays from there, as on a join.
    if afterPreRolls, isLive, let joined = joinedInside(at: player.currentTime) {
      return start([joined], resumingPrimary: true)
    }
    acting { player.play() }
    note()
    arm()
  }
}
