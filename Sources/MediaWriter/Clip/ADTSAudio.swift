/// AAC in ADTS (ISO/IEC 13818-7 §6.2, as MPEG-TS carries it), as an MP4 track holds it: the
/// `AudioSpecificConfig` its headers give and its raw frames without their headers.
public struct ADTSAudio: Sendable, Equatable {
  static let sampleRates = [
    96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350,
  ]

  /// Samples a second.
  public let sampleRate: Int
  /// The channel configuration (1 mono, 2 stereo, …).
  public let channels: Int
  /// `AudioSpecificConfig` (ISO/IEC 14496-3 §1.6.2.1): object type, frequency index, channels.
  public let audioSpecificConfig: [UInt8]

  /// The configuration of the ADTS header at the start of `bytes`; nil when there is none.
  init?(header bytes: [UInt8]) {
    guard bytes.count >= 7, bytes[0] == 0xFF, bytes[1] & 0xF6 == 0xF0 else { return nil }
    let objectType = bytes[2] >> 6 + 1
    let rateIndex = bytes[2] >> 2 & 0x0F
    let channels = (bytes[2] & 1) << 2 | bytes[3] >> 6
    guard Int(truncatingIfNeeded: rateIndex) < Self.sampleRates.count else { return nil }
    sampleRate = Self.sampleRates[Int(truncatingIfNeeded: rateIndex)]
    self.channels = Int(truncatingIfNeeded: channels)
    audioSpecificConfig = [objectType << 3 | rateIndex >> 1, (rateIndex & 1) << 7 | channels << 3]
  }

  /// The raw frames of the ADTS frames in `bytes` (one PES), each without its header (and CRC),
  /// with its samples; what follows a frame cut short is dropped.
  static func rawFrames(_ bytes: [UInt8]) -> [(samples: Int, bytes: [UInt8])] {
    var frames: [(samples: Int, bytes: [UInt8])] = []
    var offset = 0
    while offset + 7 <= bytes.count, bytes[offset] == 0xFF, bytes[offset + 1] & 0xF6 == 0xF0 {
      let length =
        Int(truncatingIfNeeded: bytes[offset + 3] & 0x03) << 11
        | Int(truncatingIfNeeded: bytes[offset + 4]) << 3 | Int(truncatingIfNeeded: bytes[offset + 5] >> 5)
      let header = bytes[offset + 1] & 1 == 0 ? 9 : 7
      guard length >= header, offset + length <= bytes.count else { break }
      let blocks = Int(truncatingIfNeeded: bytes[offset + 6] & 0x03) + 1
      frames.append((1024 * blocks, Array(bytes[offset + header..<offset + length])))
      offset += length
    }
    return frames
  }
}
