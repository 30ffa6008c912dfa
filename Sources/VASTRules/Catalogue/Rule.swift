/// How much a finding matters: an error breaks the spec (a player may refuse the ad), a warning
/// is likely to cost delivery or measurement, an info is advice.
public enum Severity: String, CaseIterable, Sendable, Comparable {
  case info, warning, error

  /// Orders info < warning < error.
  public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }

  private var rank: Int {
    switch self {
    case .info: 0
    case .warning: 1
    case .error: 2
    }
  }
}

/// The part of the specs a rule belongs to (docs/check.md groups the catalogue by it).
public enum RuleArea: String, CaseIterable, Sendable {
  case document = "document and version"
  case structure = "schema structure"
  case required = "required and recommended fields"
  case values = "value formats and enums"
  case urls = "URL hygiene"
  case macros = "macros"
  case deprecated = "deprecated and removed"
  case verification = "OMID verification, SIMID and interactive files"
  case ctv = "VAST 4.4 CTV additions (draft)"
  case daast = "DAAST 1.0/1.1"
  case vmap = "VMAP"
  case chain = "wrapper chains (--resolve)"
  case run = "the run (strict rules)"
}

/// One rule of the catalogue: what `adhost check` and a run's strict rules report findings by.
public struct Rule: Sendable, Hashable {
  /// The stable id (`duration-format`); scenarios' `strict.off` and `--config` name rules by it.
  public let id: String
  /// The default severity.
  public let severity: Severity
  /// Where the rule belongs.
  public let area: RuleArea
  /// What the rule requires, in one line.
  public let statement: String
  /// The spec section it rests on (`VAST 4.3 §3.4.1`).
  public let spec: String
  /// How to fix a finding, when there is one thing to do.
  public let fix: String?

  /// A rule.
  public init(
    _ id: String, _ severity: Severity, _ area: RuleArea, _ statement: String, spec: String,
    fix: String? = nil
  ) {
    self.id = id
    self.severity = severity
    self.area = area
    self.statement = statement
    self.spec = spec
    self.fix = fix
  }

  /// Rules are one per id.
  public static func == (lhs: Rule, rhs: Rule) -> Bool { lhs.id == rhs.id }
  /// Hashes the id.
  public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}
