/// An H.264 stream's parameter sets and the picture size its SPS gives (ISO/IEC 14496-10
/// §7.3.2.1.1: its macroblocks less the frame cropping): a CMAF init segment's `avc1`.
public struct AVCConfiguration: Sendable, Equatable {
  /// The sequence and picture parameter sets: NAL units with their header byte, no start code.
  public let sps: [UInt8]
  public let pps: [UInt8]
  /// The picture's size, in pixels.
  public let width: Int
  public let height: Int

  /// The configuration of `sps` and `pps`; nil when the SPS is cut short.
  init?(sps: [UInt8], pps: [UInt8]) {
    var bits = RBSPReader(Array(sps.dropFirst()))
    guard sps.count >= 4, let size = Self.size(&bits) else { return nil }
    self.sps = sps
    self.pps = pps
    (width, height) = size
  }

  private static func size(_ bits: inout RBSPReader) -> (Int, Int)? {
    guard let profile = bits.read(8), bits.read(16) != nil, bits.golomb() != nil else { return nil }
    var chromaFormat = 1
    var separateColourPlanes = false
    if [100, 110, 122, 244, 44, 83, 86, 118, 128, 138, 139, 134, 135].contains(profile) {
      guard let format = bits.golomb() else { return nil }
      chromaFormat = format
      if format == 3 { separateColourPlanes = bits.read(1) == 1 }
      _ = (bits.golomb(), bits.golomb(), bits.read(1))  // bit depths, qpprime_y_zero_transform_bypass
      if bits.read(1) == 1 {  // seq_scaling_matrix_present_flag
        for list in 0..<(format == 3 ? 12 : 8) where bits.read(1) == 1 {
          bits.skipScalingList(list < 6 ? 16 : 64)
        }
      }
    }
    _ = bits.golomb()  // log2_max_frame_num_minus4
    let orderType = bits.golomb()
    if orderType == 0 {
      _ = bits.golomb()
    } else if orderType == 1 {
      _ = (bits.read(1), bits.signedGolomb(), bits.signedGolomb())
      for _ in 0..<(bits.golomb() ?? 0) { _ = bits.signedGolomb() }
    }
    _ = (bits.golomb(), bits.read(1))  // max_num_ref_frames, gaps_in_frame_num_value_allowed_flag
    guard let widthInMacroblocks = bits.golomb(), let heightInMapUnits = bits.golomb(),
      let frameOnly = bits.read(1)
    else { return nil }
    if frameOnly == 0 { _ = bits.read(1) }
    _ = bits.read(1)  // direct_8x8_inference_flag
    var crop = (left: 0, right: 0, top: 0, bottom: 0)
    if bits.read(1) == 1 {
      guard let left = bits.golomb(), let right = bits.golomb(), let top = bits.golomb(),
        let bottom = bits.golomb()
      else { return nil }
      crop = (left, right, top, bottom)
    }
    // Crop units (§7.4.2.1.1, Table 6-1): 4:2:0 halves both ways, 4:2:2 across only.
    let hasChroma = chromaFormat != 0 && !separateColourPlanes
    let unitX = hasChroma && chromaFormat < 3 ? 2 : 1
    let unitY = (hasChroma && chromaFormat == 1 ? 2 : 1) * (2 - frameOnly)
    let width = (widthInMacroblocks + 1) * 16 - unitX * (crop.left + crop.right)
    let height = (heightInMapUnits + 1) * 16 * (2 - frameOnly) - unitY * (crop.top + crop.bottom)
    guard width > 0, height > 0 else { return nil }
    return (width, height)
  }
}

/// Bits of a NAL unit's payload with its emulation prevention bytes (0x000003) taken out.
struct RBSPReader {
  private let bytes: [UInt8]
  private var position = 0

  init(_ escaped: [UInt8]) {
    var bytes: [UInt8] = []
    var zeros = 0
    for byte in escaped {
      if zeros >= 2 && byte == 3 {
        zeros = 0
        continue
      }
      zeros = byte == 0 ? zeros + 1 : 0
      bytes.append(byte)
    }
    self.bytes = bytes
  }

  /// `count` bits (at most 32) as a number; nil past the end.
  mutating func read(_ count: Int) -> Int? {
    guard position + count <= bytes.count * 8 else { return nil }
    var value = 0
    for _ in 0..<count {
      let bit = bytes[position / 8] >> UInt8(truncatingIfNeeded: 7 - position % 8) & 1
      value = value << 1 | Int(truncatingIfNeeded: bit)
      position += 1
    }
    return value
  }

  /// An unsigned Exp-Golomb code, `ue(v)`; nil past the end or over 31 bits.
  mutating func golomb() -> Int? {
    var zeros = 0
    while true {
      guard let bit = read(1), zeros <= 31 else { return nil }
      if bit == 1 { break }
      zeros += 1
    }
    guard let rest = read(zeros) else { return nil }
    return (1 << zeros) - 1 + rest
  }

  /// A signed Exp-Golomb code, `se(v)`.
  mutating func signedGolomb() -> Int? {
    golomb().map { $0 % 2 == 1 ? ($0 + 1) / 2 : -($0 / 2) }
  }

  /// A `scaling_list` of `size` entries (§7.3.2.1.1.1), read past.
  mutating func skipScalingList(_ size: Int) {
    var last = 8
    var next = 8
    for _ in 0..<size where next != 0 {
      next = (last + (signedGolomb() ?? 0) + 256) % 256
      last = next == 0 ? last : next
    }
  }
}
