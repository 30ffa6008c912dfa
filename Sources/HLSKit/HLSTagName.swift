/// The media playlist tags HLSKit reads, known from a line's bytes by their length, then their
/// bytes (no `String` per tag).
enum HLSTagName {
  case extinf, targetDuration, mediaSequence, endList, playlistType, discontinuity, byteRange, map
  case programDateTime, dateRange, cueOut, cueOutContinued, cueIn

  /// The tag whose name is `name` (up to the colon), if it is one of them.
  init?(_ name: HLSBytes) {
    let found: HLSTagName?
    switch name.count {
    case 7: found = name.starts(with: "#EXTINF") ? .extinf : nil
    case 10: found = name.starts(with: "#EXT-X-MAP") ? .map : nil
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
}
