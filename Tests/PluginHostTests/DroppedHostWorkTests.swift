import Foundation
import HTTPKit
import HTTPTestSupport
import HeadlessHost
import PlaybackEngine
import Testing

@testable import PluginHost

/// Work a host started on another thread (beacons being sent) does not keep the host alive: a
/// host dropped meanwhile is freed at once, on its own thread, and the work's end does nothing.
@Suite struct DroppedHostWorkTests {
  /// A gate the work waits at until the test opens it.
  final class Gate: @unchecked Sendable {
    private let lock = NSCondition()
    private var open = false
    private(set) var passed = false

    func wait() {
      lock.lock()
      while !open { lock.wait() }
      passed = true
      lock.broadcast()
      lock.unlock()
    }

    func openAndAwaitPassage() {
      lock.lock()
      open = true
      lock.broadcast()
      while !passed { lock.wait() }
      lock.unlock()
    }
  }

  @Test func aHostDroppedWhileBeaconsAreInFlightIsFreed() async throws {
    let gate = Gate()
    let freed = try await onOwnThread { () -> Bool in
      weak var weakHost: PluginHost?
      do {
        let host = try HeadlessHost(options: PluginHostOptions(http: HTTPClient(timeout: 2)))
        weakHost = host.pluginHost
        host.pluginHost.engine.settleBeacons(adId: "ad", label: "beacons in flight") {
          gate.wait()
          return []
        }
      }
      return weakHost == nil
    }
    #expect(freed, "the beacons in flight kept the host alive")
    gate.openAndAwaitPassage()
  }
}
