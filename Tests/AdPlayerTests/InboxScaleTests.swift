import Testing

@testable import AdPlayer

/// The host loop finds the next delivery in constant work on average however much work is
/// outstanding (thousands of beacons in flight): counted in steps, never in wall time.
@Suite struct InboxScaleTests {
  /// Begins `count` works, delivers their last results newest first (answers come in any
  /// order), then runs them: each runs once, oldest work first.
  func steps(_ count: Int) -> Int {
    let inbox = Inbox()
    let sequences = (0..<count).map { _ in inbox.begin(label: "beacon") }
    let order = OrderBox()
    for sequence in sequences.reversed() {
      inbox.deliver({ order.append(sequence) }, sequence: sequence, finishes: true)
    }
    #expect(inbox.runDelivered() == count)
    #expect(order.values == sequences)
    #expect(inbox.outstandingCount == 0)
    return inbox.steps
  }

  @Test func deliveriesAreFoundInLinearWork() {
    let small = steps(1000)
    let large = steps(8000)
    #expect(large <= small * 10, "1000 works: \(small) steps, 8000: \(large) steps")
  }
}

/// Values appended from deliveries (run on the calling thread here).
final class OrderBox: @unchecked Sendable {
  private(set) var values: [Int] = []
  func append(_ value: Int) { values.append(value) }
}
