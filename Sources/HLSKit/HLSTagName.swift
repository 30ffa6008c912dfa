/// The media playlist tags HLSKit reads, known from a line's bytes by their length, then their
/// bytes (no `String` per tag).
enum HLSTagName {
  case extinf, targetDuration, mediaSequence, endList, playlistType, discontinuity, byteRange, map
  case programDateTime, dateRange, cueOut, cueOutContinued, cueIn, start

  /// The tag whose name is `name` (up to the colon), if it is one of them.
  init?(_ name: HLSBytes) {
    let found: HLSTagName?
    switch name.count {
    case 7: found = name.starts(with: "#EXTINF") ? .extinf : nil
    case 10: found = name.starts(with: "#EXT-X-MAP") ? .map : nil
    case 12: found = name.starts(with: "#EXT-X-START") ? .start : nil
    case 13: found = name.starts(with: "#EXT-X-CUE-IN") ? .cueIn : nil
    case 14:
      found =
        name.starts(with: "#EXT-X-ENDLIST") ? .endList : name.starts(with: "#EXT-X-CUE-OUT") ? .cueOut : nil
    case 16:
      found =
        name.starts(with: "#EXT-X-BYTERANGE")
        ? .byteRange : name.starts(with: "#EXT-X-DATERANGE") ? .dateRange : nil
    case 19: found = name.starts(with: "#EXT-X-CUE-OUT-CONT") ? .cueOutContinued : nil
    case 20:
      found =
        name.starts(with: "#EXT-X-DISCONTINUITY")
        ? .discontinuity : name.starts(with: "#EXT-X-PLAYLIST-TYPE") ? .playlistType : nil
    case 21:
      found =
        name.starts(with: "#EXT-X-TARGETDURATION")
        ? .targetDuration : name.starts(with: "#EXT-X-MEDIA-SEQUENCE") ? .mediaSequence : nil
    case 24: found = name.starts(with: "#EXT-X-PROGRAM-DATE-TIME") ? .programDateTime : nil
    default: found = nil
    }
    guard let found else { return nil }
    self = found
  }

  /// The tag a line's text names (up to its colon), if it is one of them: as `==` of the text
  /// and the tag's name compares them (Characters, canonically equivalent), since the names are
  /// ASCII and none has a character that another decomposes to (as the Kelvin sign does to
  /// `K`): a text is one of them only when its bytes are the name's. A `switch` over the names'
  /// `String`s compared the text with each in turn.
  init?(text: Substring) {
    var text = text
    guard let tag = text.withUTF8({ HLSTagName(HLSBytes(UnsafeRawBufferPointer($0))) }) else { return nil }
    self = tag
  }

  /// `#EXTINF:`, `#EXT-X-PROGRAM-DATE-TIME:` and `#EXT-X-BYTERANGE:`, the tags every segment of
  /// a live or a byte-range VOD playlist has, known by the line's first words (little-endian)
  /// without a search for the colon: the tag and the colon's place, as `init?(_:)` of the bytes
  /// up to the first colon gives them (`ResolvedURITests`).
  static func leading(_ line: HLSBytes) -> (tag: HLSTagName, colon: Int)? {
    let count = line.count
    guard count >= 8, let base = line.buffer.baseAddress else { return nil }
    // Every load below ends at or before `count`.
    func word(_ offset: Int) -> UInt64 {
      UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }
    let head = word(0)
    if head == 0x3A46_4E49_5458_4523 { return (.extinf, 7) }  // "#EXTINF:"
    // "#EXT-X-B", "YTERANGE", ":"
    if head == 0x422D_582D_5458_4523, count >= 17, word(8) == 0x4547_4E41_5245_5459,
      base.load(fromByteOffset: 16, as: UInt8.self) == UInt8(ascii: ":")
    {
      return (.byteRange, 16)
    }
    guard head == 0x502D_582D_5458_4523, count >= 25,  // "#EXT-X-P"
      word(8) == 0x442D_4D41_5247_4F52, word(16) == 0x454D_4954_2D45_5441,  // "ROGRAM-D", "ATE-TIME"
      base.load(fromByteOffset: 24, as: UInt8.self) == UInt8(ascii: ":")
    else { return nil }
    return (.programDateTime, 24)
  }
}
