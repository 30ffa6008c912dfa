import Synchronization

/// Serial numbers for ads, breaks and controllers: unique in the process and never reused, so a
/// table keyed by one never mistakes a new object for a freed one.
public enum Serial {
  private static let counter = Atomic<UInt64>(0)

  /// The next number (from 1).
  public static func next() -> UInt64 { counter.add(1, ordering: .relaxed).newValue }
}
