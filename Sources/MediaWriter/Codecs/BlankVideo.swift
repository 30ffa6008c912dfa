/// Blank H.264 video written without an encoder (ISO/IEC 14496-10, Baseline profile, CAVLC): a
/// grey IDR picture whose macroblocks are all `I_16x16` with DC prediction and no residual, and P
/// pictures whose macroblocks are all skipped. Each NAL unit is returned without a start code.
public enum BlankVideo {
  /// The picture's size in macroblocks (256×144).
  static let widthInMacroblocks = 16
  static let heightInMacroblocks = 9
  /// Frames per second: 25, so a frame lasts 3600 ticks of 90 kHz.
  public static let frameRate = 25
  /// `log2_max_frame_num_minus4` + 4.
  static let frameNumBits = 4

  public static var width: Int { widthInMacroblocks * 16 }
  public static var height: Int { heightInMacroblocks * 16 }

  /// The sequence parameter set (profile 66, level 3.0, picture order count type 2).
  public static let sequenceParameterSet: [UInt8] = {
    var bits = BitWriter()
    bits.put(66, 8)  // profile_idc: Baseline
    bits.put(0xC0, 8)  // constraint_set0_flag and constraint_set1_flag
    bits.put(30, 8)  // level_idc
    bits.unsignedGolomb(0)  // seq_parameter_set_id
    bits.unsignedGolomb(UInt64(truncatingIfNeeded: frameNumBits - 4))
    bits.unsignedGolomb(2)  // pic_order_cnt_type: from frame_num, no B pictures
    bits.unsignedGolomb(1)  // max_num_ref_frames
    bits.put(0, 1)  // gaps_in_frame_num_value_allowed_flag
    bits.unsignedGolomb(UInt64(truncatingIfNeeded: widthInMacroblocks - 1))
    bits.unsignedGolomb(UInt64(truncatingIfNeeded: heightInMacroblocks - 1))
    bits.put(1, 1)  // frame_mbs_only_flag
    bits.put(1, 1)  // direct_8x8_inference_flag
    bits.put(0, 1)  // frame_cropping_flag
    bits.put(0, 1)  // vui_parameters_present_flag
    bits.trailingBits()
    return nal(type: 7, bits.bytes)
  }()

  /// The picture parameter set (CAVLC, no deblocking control).
  public static let pictureParameterSet: [UInt8] = {
    var bits = BitWriter()
    bits.unsignedGolomb(0)  // pic_parameter_set_id
    bits.unsignedGolomb(0)  // seq_parameter_set_id
    bits.put(0, 1)  // entropy_coding_mode_flag: CAVLC
    bits.put(0, 1)  // bottom_field_pic_order_in_frame_present_flag
    bits.unsignedGolomb(0)  // num_slice_groups_minus1
    bits.unsignedGolomb(0)  // num_ref_idx_l0_default_active_minus1
    bits.unsignedGolomb(0)  // num_ref_idx_l1_default_active_minus1
    bits.put(0, 1)  // weighted_pred_flag
    bits.put(0, 2)  // weighted_bipred_idc
    bits.signedGolomb(0)  // pic_init_qp_minus26
    bits.signedGolomb(0)  // pic_init_qs_minus26
    bits.signedGolomb(0)  // chroma_qp_index_offset
    bits.put(0, 1)  // deblocking_filter_control_present_flag
    bits.put(0, 1)  // constrained_intra_pred_flag
    bits.put(0, 1)  // redundant_pic_cnt_present_flag
    bits.trailingBits()
    return nal(type: 8, bits.bytes)
  }()

  /// An IDR picture; `idrPictureId` must differ between two IDR pictures in a row.
  public static func idrPicture(idrPictureId: Int) -> [UInt8] {
    var bits = sliceHeader(type: 7, frameNumber: 0)  // I, every slice
    bits.unsignedGolomb(UInt64(truncatingIfNeeded: idrPictureId & 0xFFFF))
    bits.put(0, 1)  // no_output_of_prior_pics_flag
    bits.put(0, 1)  // long_term_reference_flag
    bits.signedGolomb(0)  // slice_qp_delta
    for _ in 0..<widthInMacroblocks * heightInMacroblocks {
      bits.unsignedGolomb(3)  // mb_type I_16x16_2_0_0: DC prediction, no coded luma or chroma
      bits.unsignedGolomb(0)  // intra_chroma_pred_mode: DC
      bits.signedGolomb(0)  // mb_qp_delta
      bits.put(1, 1)  // Intra16x16DCLevel coeff_token: no coefficients (0 <= nC < 2)
    }
    bits.trailingBits()
    return nal(type: 5, bits.bytes)
  }

  /// A P picture of skipped macroblocks: the picture before it, again. `frameNumber` counts the
  /// pictures since the last IDR picture.
  public static func skippedPicture(frameNumber: Int) -> [UInt8] {
    var bits = sliceHeader(type: 5, frameNumber: frameNumber)  // P, every slice
    bits.put(0, 1)  // num_ref_idx_active_override_flag
    bits.put(0, 1)  // ref_pic_list_modification_flag_l0
    bits.put(0, 1)  // adaptive_ref_pic_marking_mode_flag
    bits.signedGolomb(0)  // slice_qp_delta
    bits.unsignedGolomb(UInt64(truncatingIfNeeded: widthInMacroblocks * heightInMacroblocks))  // mb_skip_run
    bits.trailingBits()
    return nal(type: 1, bits.bytes)
  }

  /// A slice header's first fields: `first_mb_in_slice` 0, `slice_type`, PPS 0, `frame_num`.
  private static func sliceHeader(type: UInt64, frameNumber: Int) -> BitWriter {
    var bits = BitWriter()
    bits.unsignedGolomb(0)
    bits.unsignedGolomb(type)
    bits.unsignedGolomb(0)
    bits.put(UInt64(truncatingIfNeeded: frameNumber % (1 << frameNumBits)), frameNumBits)
    return bits
  }

  /// A NAL unit (`nal_ref_idc` 3) of `type` around `payload`, with emulation prevention bytes.
  static func nal(type: UInt8, _ payload: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [0x60 | type]
    var zeros = 0
    for byte in payload {
      if zeros >= 2 && byte <= 3 {
        out.append(3)
        zeros = 0
      }
      out.append(byte)
      zeros = byte == 0 ? zeros + 1 : 0
    }
    return out
  }
}
