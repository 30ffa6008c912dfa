import AdsCore
import PlayerSeam

// The headless player is one implementation of the bridge's protocols; its ads, breaks and
// controllers are AdsCore's (see Ads+Seam.swift there).

extension Player: IntegrationPlayer {
  /// The ads of this player.
  public typealias Ad = AdsCore.Ad
  /// The breaks of this player.
  public typealias AdBreak = AdsCore.AdBreak
  /// The controllers of this player.
  public typealias Controller = ServerSideAdIntegrationController
}

extension HostLoop: IntegrationScheduler {}
extension TimerHandle: ScheduledTimer {}
extension WorkToken: PendingWork {}
