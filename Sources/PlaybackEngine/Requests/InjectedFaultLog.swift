import Foundation
import HTTPKit
import PlayerSeam

/// Injects a fault plan's faults into a host's requests and puts each into the run's log as a
/// `fault` entry (`fault`, `method`, `url`, `kind`, `rule`, `match`) at the virtual time of the
/// request it hit.
enum InjectedFaultLog {
  /// The client with `plan`'s faults injected (ahead of its transport); without a plan, as it is.
  static func wrapping(_ client: HTTPClient, plan: FaultPlan?, player: any IntegrationPlayer) -> HTTPClient {
    guard let plan, !plan.rules.isEmpty else { return client }
    // Used off the host thread only to begin work, which is thread-safe (the inbox's lock).
    let loop = UncheckedLoop(loop: player.loop)
    let pending = HostThreadOnly(PendingFaults(player: player))
    let transport = FaultTransport(plan: plan, upstream: client.transport) { injected in
      // Holds the clock until the entry is queued, so it carries the request's virtual time.
      loop.loop.runNow("fault \(injected.method) \(injected.url.absoluteString)") {
        pending.value.add(injected)
      }
    }
    return HTTPClient(
      policy: client.policy, timeout: client.timeout, maxRedirects: client.limits.maxRedirects,
      maxBodyBytes: client.limits.maxBodyBytes, transport: transport)
  }

  static func fields(_ injected: InjectedFault) -> JSONObject {
    var fields: [(String, JSONValue)] = [
      ("fault", .string(injected.fault.description)), ("method", .string(injected.method)),
      ("url", .string(injected.url.absoluteString)),
    ]
    if let kind = injected.kind { fields.append(("kind", .string(kind.rawValue))) }
    fields += [("rule", .number(Double(injected.rule))), ("match", .number(Double(injected.match)))]
    return JSONObject(fields)
  }
}

/// The faults of one virtual instant, logged together once its work is done, in an order that
/// does not depend on which of the requests made side by side came first (URL, then method).
private final class PendingFaults {
  /// Held as the request logs hold it (the engine holds it anyway): a `weak` reference would give
  /// the player a side table, which slows every retain and release of it.
  private let player: any IntegrationPlayer
  private var faults: [InjectedFault] = []

  init(player: any IntegrationPlayer) { self.player = player }

  func add(_ injected: InjectedFault) {
    faults.append(injected)
    guard faults.count == 1 else { return }
    // Timers wait until no work is outstanding: every request of this instant is made by then.
    player.loop.afterMicros(0) { [weak self] in self?.flush() }
  }

  private func flush() {
    let sorted = faults.sorted {
      ($0.url.absoluteString, $0.method, $0.match, $0.rule) < (
        $1.url.absoluteString, $1.method, $1.match, $1.rule
      )
    }
    faults = []
    for injected in sorted { player.appendLog(.fault, fields: InjectedFaultLog.fields(injected)) }
  }
}

/// The player's loop, carried to the transport's thread for its `runNow` only.
// why: the loop is not Sendable, but beginning work is thread-safe (the inbox's lock).
private struct UncheckedLoop: @unchecked Sendable {
  let loop: any IntegrationScheduler
}
