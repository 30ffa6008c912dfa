/// The bytes of a spec's signals: ID3 tags and SCTE-35 sections, at media times in 90 kHz ticks.
extension MediaSpec {
  /// The ID3v2 tag of `tag`'s frames, in its version.
  static func tag(_ tag: TimedID3) -> [UInt8] {
    var writer = ID3Writer(version: tag.version)
    for frame in tag.frames {
      switch frame {
      case .userText(let description, let text): writer.userText(description: description, text)
      case .priv(let owner, let data): writer.priv(owner: owner, data)
      case .text(let id, let text): writer.text(id, text)
      }
    }
    return writer.bytes()
  }

  /// A `splice_info_section` for `splice` at media time `ticks`.
  static func section(_ splice: Splice, ticks: UInt64) -> [UInt8] {
    let duration = splice.duration.map(MediaTimeline.ticks)
    switch splice.command {
    case .spliceInsert:
      return SCTE35Writer.spliceInsert(
        eventId: splice.eventId, ptsTime: ticks & (1 << 33 - 1), duration: duration, out: splice.out)
    case .timeSignal:
      // A placement opportunity's start (0x34) when out, its end (0x35) when back in.
      return SCTE35Writer.timeSignal(
        ptsTime: ticks & (1 << 33 - 1), typeId: splice.out ? 0x34 : 0x35, eventId: splice.eventId,
        duration: duration)
    }
  }
}
