/// H.264 access units in Annex B (start codes, as MPEG-TS carries them) and as an MP4 sample
/// holds them (each NAL unit after its 4-byte length).
enum AnnexB {
  /// The NAL units of `bytes`, each without its start code (trailing zero bytes are the next start
  /// code's).
  static func units(_ bytes: [UInt8]) -> [[UInt8]] {
    var starts: [(code: Int, payload: Int)] = []
    var index = 0
    while index + 2 < bytes.count {
      if bytes[index] == 0, bytes[index + 1] == 0, bytes[index + 2] == 1 {
        starts.append((index, index + 3))
        index += 3
      } else {
        index += 1
      }
    }
    return starts.indices.map { number in
      var end = number + 1 < starts.count ? starts[number + 1].code : bytes.count
      while end > starts[number].payload, bytes[end - 1] == 0 { end -= 1 }
      return Array(bytes[starts[number].payload..<end])
    }
  }

  /// The NAL unit type of `unit` (its header byte's low 5 bits).
  static func type(_ unit: [UInt8]) -> UInt8 { (unit.first ?? 0) & 0x1F }

  /// An MP4 sample of the access unit `bytes`: its NAL units each after its length, but for the
  /// delimiter, SPS and PPS (types 9, 7, 8), which the sample entry's `avcC` holds.
  static func sample(_ bytes: [UInt8]) -> [UInt8] {
    units(bytes).filter { ![7, 8, 9].contains(type($0)) && !$0.isEmpty }.flatMap {
      CMAFWriter.u32($0.count) + $0
    }
  }
}
