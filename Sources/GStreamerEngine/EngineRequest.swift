/// One request the engine made, as the host's proxy answered it.
public struct EngineRequest: Sendable, Equatable {
  /// The method, e.g. `GET`.
  public var method: String
  /// The URL the engine asked for.
  public var url: String
  /// The status the host's client got; nil when the request failed.
  public var status: Int?
  /// Why it failed; nil when it was answered.
  public var error: String?
  /// Whether the answer was a trimmed recorded segment, refused (`error` says so).
  public var trimmed = false
}
