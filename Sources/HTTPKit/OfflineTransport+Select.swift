import Foundation

extension OfflineTransport {
  /// Which recorded exchange answers a request.
  enum Selection {
    case found(RecordedExchange)
    /// Nothing recorded under the key.
    case none
    /// Exchanges under the key, but none sent what the request sends: the first difference from
    /// the exchange next in order.
    case differs(String)
  }

  /// The first exchange under `key`, in recorded order, not served yet whose request is the sent
  /// one (an exchange recorded without its request matches any); once all such were served, the
  /// last of them again. `request` carries the URL as recorded (after `--map-host`).
  func select(_ request: HTTPRequest, key: String) -> Selection {
    guard let candidates = exchanges[key], !candidates.isEmpty else { return .none }
    return served.withLock { served in
      let start = served.cursor[key, default: 0]
      var ahead = served.servedAhead[key, default: []]
      var firstDifference: String?
      for position in start..<candidates.count where !ahead.contains(position) {
        if let difference = difference(candidates[position], request) {
          firstDifference = firstDifference ?? difference
          continue
        }
        if position == start {
          var next = start + 1
          while ahead.remove(next) != nil { next += 1 }
          served.cursor[key] = next
        } else {
          ahead.insert(position)
        }
        served.servedAhead[key] = ahead
        return .found(candidates[position])
      }
      if let repeated = candidates.last(where: { difference($0, request) == nil }) { return .found(repeated) }
      return .differs(firstDifference ?? difference(candidates[candidates.count - 1], request) ?? "")
    }
  }

  private func difference(_ exchange: RecordedExchange, _ request: HTTPRequest) -> String? {
    guard let recorded = exchange.request else { return nil }
    return RequestDifference.first(recorded, request, ignoring: ignoring, folder: folder)
  }
}
