/// An Alternative-MPD event's presentation (ISO/IEC 23009-1 6th edition §5.16): the
/// `ReplacePresentation` or `InsertPresentation` child of an Event whose `EventStream` has one of
/// the `AlternativeMPDScheme`s. Its `uri` names the ad-decision endpoint, which answers with a
/// List MPD (`MPDList`).
public struct MPDAlternativeMPD: Equatable, Sendable {
  /// Replace: the alternative plays instead of the content, whose time moves on. Insert: the
  /// content's time stands still while it plays.
  public enum Mode: String, Sendable {
    case replace, insert
  }

  public var mode: Mode
  /// `@uri` (Shaka's tests write `@url`), as written.
  public var uri: String
  /// `@maxDuration` in the stream's ticks, if given.
  public var maxDuration: UInt64?
  /// `@executeOnce="true"`: it plays once, not again after a seek back.
  public var executeOnce: Bool

  public init(mode: Mode, uri: String, maxDuration: UInt64? = nil, executeOnce: Bool = false) {
    self.mode = mode
    self.uri = uri
    self.maxDuration = maxDuration
    self.executeOnce = executeOnce
  }
}

/// The `EventStream@schemeIdUri`s of Alternative-MPD events.
public enum AlternativeMPDScheme: String, Sendable {
  case replace = "urn:mpeg:dash:event:alternativeMPD:replace:2025"
  case insert = "urn:mpeg:dash:event:alternativeMPD:insert:2025"
}
