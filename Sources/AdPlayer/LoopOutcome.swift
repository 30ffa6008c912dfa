/// How a run of the loop ended.
public struct LoopOutcome: Equatable, Sendable {
  /// The kinds of ending.
  public enum Kind: String, Sendable {
    /// The virtual time reached the `until` limit.
    case reachedLimit
    /// Someone called `stop`.
    case stopped
    /// Nothing is scheduled and nothing is outstanding: there is nothing left to do.
    case idle
    /// Something waits (a hold) that nothing outstanding can ever end, or I/O did not answer.
    case stalled
  }

  /// How the run ended.
  public let kind: Kind
  /// Why, in words.
  public let reason: String
  /// The virtual time at the end, in seconds.
  public let time: Double

  /// Creates an outcome.
  public init(kind: Kind, reason: String, time: Double) {
    self.kind = kind
    self.reason = reason
    self.time = time
  }
}
