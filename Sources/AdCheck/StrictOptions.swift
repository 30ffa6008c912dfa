/// What the strict checks allow.
public struct StrictOptions: Sendable {
  /// How far a quartile (or the end of an ad) may be from its due time in the ad, in seconds:
  /// one progress step, as integrations report progress at intervals (0.25 s by default,
  /// the player's `timeupdate` interval).
  public var progressStep: Double
  /// The `aderror`s that are expected: an `aderror` whose message contains one of these texts
  /// breaks no rule. An empty text expects every `aderror`.
  public var expectedErrors: [String]

  /// Options: the default progress step of 0.25 s and no expected errors.
  public init(progressStep: Double = 0.25, expectedErrors: [String] = []) {
    self.progressStep = progressStep
    self.expectedErrors = expectedErrors
  }

  /// Whether an `aderror` with this message is expected.
  func expects(error message: String) -> Bool {
    expectedErrors.contains { $0.isEmpty || message.contains($0) }
  }
}
