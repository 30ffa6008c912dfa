import VASTRules

/// What the strict checks allow.
public struct StrictOptions: Sendable {
  /// How far a quartile (or the end of an ad) may be from its due time in the ad, in seconds:
  /// one progress step, as integrations report progress at intervals (0.25 s by default,
  /// the player's `timeupdate` interval).
  public var progressStep: Double
  /// The `aderror`s that are expected: an `aderror` whose message contains one of these texts
  /// breaks no rule. An empty text expects every `aderror`.
  public var expectedErrors: [String]
  /// How far a segment's media duration may be from its playlist duration, and its first
  /// timestamp from where the previous segment's media ends, in seconds (0.5 s by default).
  public var segmentTolerance: Double
  /// The tracking vocabulary declared before the run (a folder's settings) and the scenario's
  /// narrowing; a plugin's declarations in the log add to it.
  public var tracking = TrackingDeclarations()
  /// Rules switched off and severities changed (`--config FILE`, the file `adhost check` reads);
  /// the catalogue's severities by default.
  public var config = CheckConfig()

  /// Options: the default progress step of 0.25 s, no expected errors, a segment tolerance of
  /// 0.5 s.
  public init(progressStep: Double = 0.25, expectedErrors: [String] = [], segmentTolerance: Double = 0.5) {
    self.progressStep = progressStep
    self.expectedErrors = expectedErrors
    self.segmentTolerance = segmentTolerance
  }

  /// Whether an `aderror` with this message is expected.
  func expects(error message: String) -> Bool {
    expectedErrors.contains { $0.isEmpty || message.contains($0) }
  }
}
