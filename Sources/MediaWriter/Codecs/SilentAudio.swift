/// Silent AAC-LC audio written without an encoder: mono at 48 kHz, every frame the same raw data
/// block (one channel element with no spectral data, then the end element).
public enum SilentAudio {
  public static let sampleRate = 48_000
  /// Samples per AAC frame.
  public static let frameSamples = 1024
  /// 90 kHz ticks per frame: 1920.
  public static let frameTicks = 90_000 * frameSamples / sampleRate
  /// The raw data block of a silent mono frame.
  static let silentFrame: [UInt8] = [0x00, 0xC8, 0x00, 0x80, 0x23, 0x80]
  /// `AudioSpecificConfig`: object type 2 (LC), frequency index 3 (48 kHz), one channel.
  public static let audioSpecificConfig: [UInt8] = [0x11, 0x88]
  /// The RFC 6381 codec string.
  public static let codec = "mp4a.40.2"

  /// A raw frame, as an MP4 sample holds it.
  public static var rawFrame: [UInt8] { silentFrame }

  /// An ADTS frame (header without CRC, then the raw frame), as MPEG-TS and packed audio hold it.
  public static var adtsFrame: [UInt8] {
    let length = 7 + silentFrame.count
    return [
      0xFF, 0xF1,  // syncword, MPEG-4, layer 0, no CRC
      0x4C,  // profile LC (1), frequency index 3, private 0, channel configuration high bit 0
      UInt8(truncatingIfNeeded: 0x40 | length >> 11),  // channel configuration 1, frame_length's top bits
      UInt8(truncatingIfNeeded: length >> 3),
      UInt8(truncatingIfNeeded: (length & 7) << 5 | 0x1F),  // buffer fullness 0x7FF
      0xFC,  // one raw data block
    ] + silentFrame
  }
}
