import OutsideText

/// A timed-metadata cue of the content (an HLS ad marker, say): the player fires `cue` when the
/// playhead enters it.
public struct Cue: Equatable, Sendable {
  /// Unique among the content's cues (an `#EXT-X-DATERANGE` `ID`, …).
  public var id: String
  /// Where it starts, in content seconds.
  public var startTime: Double
  /// Where it ends, in content seconds; `nil` while unknown (it lasts until further notice).
  public var endTime: Double?
  /// Its class (a date range's `CLASS`), if any.
  public var cueClass: String?
  /// What made it, e.g. `daterange` or `cue-out`.
  public var kind: String
  /// Its attributes, in the order the source gave them.
  public var attributes: JSONObject

  /// Creates a cue.
  public init(
    id: String, startTime: Double, endTime: Double? = nil, cueClass: String? = nil, kind: String = "cue",
    attributes: JSONObject = JSONObject()
  ) {
    self.id = id
    self.startTime = startTime
    self.endTime = endTime
    self.cueClass = cueClass
    self.kind = kind
    self.attributes = attributes
  }

  /// Whether the playhead at `micros` is inside: `startTime ≤ p < endTime`; a cue without
  /// length only at its start; one without an end from its start on.
  package func contains(_ micros: Int64) -> Bool {
    let start = VirtualTime.micros(startTime)
    guard micros >= start else { return false }
    guard let endTime else { return true }
    let end = VirtualTime.micros(endTime)
    return end > start ? micros < end : micros == start
  }
}
