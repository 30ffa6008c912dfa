import Foundation

/// Attribute values that recur in every document, answered as `String` literals: a literal
/// costs nothing to make or to free, where a `String` made from the bytes is checked as UTF-8
/// (and, past 15 bytes, allocated) each time. The bytes must match exactly; anything else is
/// read the usual way.
enum KnownValues {
  /// A VAST `<Tracking>` event (VAST 2.0 to 4.3).
  static func trackingEvent(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    switch bytes.count {
    case 4:
      if equals(bytes, "mute") { return "mute" }
      if equals(bytes, "skip") { return "skip" }
    case 5:
      if equals(bytes, "start") { return "start" }
      if equals(bytes, "pause") { return "pause" }
      if equals(bytes, "close") { return "close" }
    case 6:
      if equals(bytes, "unmute") { return "unmute" }
      if equals(bytes, "resume") { return "resume" }
      if equals(bytes, "rewind") { return "rewind" }
      if equals(bytes, "expand") { return "expand" }
      if equals(bytes, "loaded") { return "loaded" }
    case 7:
      if equals(bytes, "notUsed") { return "notUsed" }
    case 8:
      if equals(bytes, "midpoint") { return "midpoint" }
      if equals(bytes, "complete") { return "complete" }
      if equals(bytes, "collapse") { return "collapse" }
      if equals(bytes, "progress") { return "progress" }
      if equals(bytes, "adExpand") { return "adExpand" }
      if equals(bytes, "minimize") { return "minimize" }
    case 10:
      if equals(bytes, "fullscreen") { return "fullscreen" }
      if equals(bytes, "adCollapse") { return "adCollapse" }
    case 11:
      if equals(bytes, "closeLinear") { return "closeLinear" }
    case 12:
      if equals(bytes, "creativeView") { return "creativeView" }
      if equals(bytes, "playerExpand") { return "playerExpand" }
    case 13:
      if equals(bytes, "firstQuartile") { return "firstQuartile" }
      if equals(bytes, "thirdQuartile") { return "thirdQuartile" }
    case 14:
      if equals(bytes, "playerCollapse") { return "playerCollapse" }
      if equals(bytes, "exitFullscreen") { return "exitFullscreen" }
    case 16:
      if equals(bytes, "acceptInvitation") { return "acceptInvitation" }
      if equals(bytes, "interactiveStart") { return "interactiveStart" }
      if equals(bytes, "timeSpentViewing") { return "timeSpentViewing" }
    case 18:
      if equals(bytes, "otherAdInteraction") { return "otherAdInteraction" }
    case 19:
      if equals(bytes, "overlayViewDuration") { return "overlayViewDuration" }
    case 22:
      if equals(bytes, "acceptInvitationLinear") { return "acceptInvitationLinear" }
    default: break
    }
    return nil
  }

  /// A VMAP `<vmap:Tracking>` event.
  static func vmapTrackingEvent(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    if equals(bytes, "breakStart") { return "breakStart" }
    if equals(bytes, "breakEnd") { return "breakEnd" }
    if equals(bytes, "error") { return "error" }
    return nil
  }

  /// A VMAP break type.
  static func breakType(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    if equals(bytes, "linear") { return "linear" }
    if equals(bytes, "nonlinear") { return "nonlinear" }
    if equals(bytes, "display") { return "display" }
    return nil
  }

  /// A `<MediaFile>`'s `delivery`.
  static func delivery(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    if equals(bytes, "progressive") { return "progressive" }
    if equals(bytes, "streaming") { return "streaming" }
    return nil
  }

  /// A media file's MIME `type` among the usual ones.
  static func mediaType(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    switch bytes.count {
    case 9: if equals(bytes, "video/mp4") { return "video/mp4" }
    case 10: if equals(bytes, "video/webm") { return "video/webm" }
    case 11: if equals(bytes, "video/x-flv") { return "video/x-flv" }
    case 22: if equals(bytes, "application/javascript") { return "application/javascript" }
    default: break
    }
    return nil
  }

  /// A resource's `creativeType` among the usual ones.
  static func creativeType(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    switch bytes.count {
    case 9: if equals(bytes, "image/png") { return "image/png" }
    case 10: if equals(bytes, "image/jpeg") { return "image/jpeg" }
    case 29: if equals(bytes, "application/x-shockwave-flash") { return "application/x-shockwave-flash" }
    default: break
    }
    return nil
  }

  /// Whether `bytes` are those of `text`.
  @inline(__always) static func equals(_ bytes: UnsafeBufferPointer<UInt8>, _ text: StaticString) -> Bool {
    guard bytes.count == text.utf8CodeUnitCount, let base = bytes.baseAddress else {
      return bytes.isEmpty && text.utf8CodeUnitCount == 0
    }
    return memcmp(base, text.utf8Start, bytes.count) == 0
  }
}
