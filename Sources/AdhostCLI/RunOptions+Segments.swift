import CheckedNumbers
import PlaybackEngine

extension RunOptions {
  /// How the run loads media segments: `--no-segments`, `--buffer`, `--back-buffer`, `--segment-max-mb`,
  /// `--variant`, `--max-bandwidth` (docs/cli.md).
  static func segments(_ parsed: ParsedArguments) throws(UsageError) -> SegmentOptions {
    var options = SegmentOptions()
    options.enabled = !parsed.has(noSegments)
    if let seconds = try parsed.number(buffer) {
      guard seconds >= 1, seconds <= 3600 else {
        throw buffer.error("expected a number of seconds from 1 to 3600")
      }
      options.forwardBuffer = seconds
    }
    if let seconds = try parsed.number(backBuffer) {
      guard seconds >= 0, seconds <= 86400 else {
        throw backBuffer.error("expected a number of seconds from 0 to 86400")
      }
      options.backBuffer = seconds
    }
    if let megabytes = try parsed.integer(segmentMaxMB) {
      guard (1...4096).contains(megabytes) else {
        throw segmentMaxMB.error("expected a whole number from 1 to 4096")
      }
      options.maxBodyBytes = megabytes << 20
    }
    let index = try parsed.integer(variant)
    let bandwidth = try parsed.integer(maxBandwidth)
    if index != nil && bandwidth != nil {
      throw UsageError("\(variant.name) and \(maxBandwidth.name) both pick a variant: give one of them")
    }
    if let index {
      guard index >= 0 else { throw variant.error("expected a position from 0") }
      options.variant = .index(index)
    }
    if let bandwidth {
      guard bandwidth >= 0 else { throw maxBandwidth.error("expected bits per second from 0") }
      options.variant = .bandwidth(bandwidth)
    }
    return options
  }
}
