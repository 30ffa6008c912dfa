import PlayerSeam

/// The tracking vocabulary of a run: what the folder's settings and the plugin declared (each
/// named), the scenario's narrowing, and what is in force — the declared leniencies the
/// narrowing keeps (all of them without one). A plugin declares with a `trackingvocabulary`
/// log entry; it is in force from that entry on.
public struct TrackingDeclarations: Sendable, Equatable, CustomStringConvertible {
  /// Everything declared, merged.
  public private(set) var declared = TrackingVocabulary()
  /// Who declared: `scenarios.json` (or the settings' name), `plugin`.
  public private(set) var declaredBy: [String] = []
  /// The scenario's narrowing, if it gives one.
  public let narrowing: TrackingVocabulary?

  /// Declarations made before the run (`settings`, named `source`), narrowed by `narrowing`.
  public init(
    settings: TrackingVocabulary? = nil, source: String = "scenarios.json",
    narrowing: TrackingVocabulary? = nil
  ) {
    self.narrowing = narrowing
    if let settings { declare(settings, by: source) }
  }

  /// The vocabulary the rules consult.
  public var inForce: TrackingVocabulary { narrowing.map { declared.narrowed(to: $0).kept } ?? declared }

  /// What the narrowing keeps that nobody declared (a scenario cannot add leniencies).
  public var undeclared: [String] { narrowing.map { declared.narrowed(to: $0).undeclared } ?? [] }

  /// Whether anything was declared or narrowed (else the vocabulary is VAST's own).
  public var isDefault: Bool { declaredBy.isEmpty && narrowing == nil }

  /// Adds `vocabulary`'s leniencies, declared by `source`.
  public mutating func declare(_ vocabulary: TrackingVocabulary, by source: String) {
    declared = declared.merged(with: vocabulary)
    if !declaredBy.contains(source) { declaredBy.append(source) }
  }

  /// Reads a plugin's declaration from the log; returns whether `entry` was one.
  @discardableResult
  public mutating func observe(_ entry: LogEntry) -> Bool {
    guard entry.kind == .trackingvocabulary,
      let vocabulary = try? TrackingVocabulary(json: .object(entry.fields), path: "")
    else { return false }
    declare(vocabulary, by: "plugin")
    return true
  }

  /// The declarations of a whole log, on top of these.
  @inlinable
  public func reading(_ log: some Sequence<LogEntry>) -> TrackingDeclarations {
    var read = self
    for entry in log where entry.kind == .trackingvocabulary { read.observe(entry) }
    return read
  }

  /// `impression events: impression, start; harmless answers: 404 from any host (declared by
  /// plugin, scenarios.json; narrowed by the scenario)`.
  public var description: String {
    var text = inForce.description
    var origin: [String] = []
    origin.append(
      declaredBy.isEmpty ? "nothing declared" : "declared by " + declaredBy.joined(separator: ", "))
    if narrowing != nil { origin.append("narrowed by the scenario") }
    text += " (" + origin.joined(separator: "; ") + ")"
    return text
  }

  /// `{"impressionEvents":[…],"harmlessAnswers":[…],"declaredBy":[…],"narrowed":…}`.
  public var json: JSONValue {
    var object = inForce.json.objectValue ?? JSONObject()
    object["declaredBy"] = .array(declaredBy.map { .string($0) })
    object["narrowed"] = .bool(narrowing != nil)
    return .object(object)
  }
}
