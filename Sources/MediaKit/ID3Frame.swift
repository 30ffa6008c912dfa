/// One frame of an ID3v2 tag, as THEOplayer's ID3 cues give it: its `id` (`"TXXX"`, `"PRIV"`,
/// `"TIT2"`, …) and its fields.
public struct ID3Frame: Equatable, Sendable {
  /// The frame's fields, by kind.
  public enum Content: Equatable, Sendable {
    /// A text frame (`T…` but `TXXX`, and Yospace's `Y…` such as `YMID`): its values (v2.4
    /// separates several with a 0 byte).
    case text([String])
    /// `TXXX`: a description and a value (Google DAI's `google_…` ids are the value).
    case userText(description: String, text: String)
    /// A URL frame (`W…` but `WXXX`).
    case url(String)
    /// `WXXX`: a description and a URL.
    case userURL(description: String, url: String)
    /// `PRIV`: an owner identifier and binary data.
    case priv(owner: String, data: [UInt8])
    /// `GEOB`: an encapsulated object.
    case object(mimeType: String, filename: String, description: String, data: [UInt8])
    /// Any other frame: its bytes, undecoded.
    case binary([UInt8])
  }

  /// The four-character frame id.
  public var id: String
  /// The frame's fields.
  public var content: Content

  /// A frame of `id` with `content`.
  public init(id: String, content: Content) {
    self.id = id
    self.content = content
  }

  /// The text of a text frame (its first value) or of a `TXXX`; nil for other frames.
  public var text: String? {
    switch content {
    case .text(let values): values.first ?? ""
    case .userText(_, let text): text
    default: nil
    }
  }
}

/// An ID3v2 tag: its version and frames.
public struct ID3Tag: Equatable, Sendable {
  /// The major version: 3 or 4.
  public var version: UInt8
  /// The frames, in order.
  public var frames: [ID3Frame]
  /// Frames that were skipped (compressed or encrypted), each with why.
  public var skipped: [String] = []
  /// What is wrong in the tag but did not stop its reading: bytes after the frames that are
  /// neither a frame nor padding (a frame whose size is smaller than its data).
  public var problems: [MediaError] = []

  /// A tag of `version` with `frames`.
  public init(version: UInt8, frames: [ID3Frame], skipped: [String] = []) {
    self.version = version
    self.frames = frames
    self.skipped = skipped
  }
}
