/// A clip of real H.264 and AAC in MPEG-TS (`"payload": {"clip": FILE}`), read into its access
/// units: the first H.264 stream's (stream type 0x1B) and the first ADTS AAC stream's (0x0F) PES,
/// each with its timestamps in 90 kHz ticks from the first video frame's presentation (so the first
/// frames' decoding times, before it when there are B pictures, are negative).
public struct TSClip: Sendable {
  /// One PES: its timestamps from the clip's start, its bytes, and whether it holds an IDR picture.
  public struct Unit: Sendable {
    public var pts: UInt64
    public var dts: Int64
    public var bytes: [UInt8]
    public var key: Bool
  }

  /// Why a clip cannot be read.
  public struct Failure: Error, Sendable, CustomStringConvertible {
    public let description: String
  }

  public private(set) var video: [Unit] = []
  public private(set) var audio: [Unit] = []
  /// The first IDR picture's SPS and PPS and the picture size the SPS gives.
  public let videoConfiguration: AVCConfiguration
  /// The audio's configuration, from its first ADTS header; nil without audio.
  public private(set) var audioConfiguration: ADTSAudio?

  /// The clip's length: from its first video frame to the end of its last.
  public var duration: Double {
    guard video.count > 1, let last = video.last else { return 0 }
    let frame = last.pts - video[video.count - 2].pts
    return Double(last.pts + frame) / 90_000
  }

  /// Reads the clip's bytes.
  public init(_ bytes: [UInt8]) throws(Failure) {
    var demux = ClipDemux()
    try demux.read(bytes)
    guard let videoPID = demux.videoPID, let first = demux.units[videoPID]?.first else {
      throw Failure(
        description: "no H.264 stream (stream type 0x1B) with a timestamp: expected MPEG-TS from ffmpeg")
    }
    let origin = first.pts
    func shifted(_ units: [ClipDemux.RawUnit]) -> [Unit] {
      units.filter { $0.pts >= origin }.map { unit in
        Unit(
          pts: unit.pts - origin,
          dts: Int64(truncatingIfNeeded: unit.dts) - Int64(truncatingIfNeeded: origin),
          bytes: unit.bytes, key: Self.hasIDR(unit.bytes))
      }
    }
    let video = shifted(demux.units[videoPID] ?? [])
    let audio = demux.audioPID.map { shifted(demux.units[$0] ?? []) } ?? []
    guard let firstFrame = video.first, firstFrame.key else {
      throw Failure(description: "the clip's first video frame is not an IDR picture")
    }
    let units = AnnexB.units(firstFrame.bytes)
    guard let sps = units.first(where: { AnnexB.type($0) == 7 }),
      let pps = units.first(where: { AnnexB.type($0) == 8 })
    else {
      throw Failure(description: "the clip's first IDR picture has no SPS and PPS before it")
    }
    guard let configuration = AVCConfiguration(sps: sps, pps: pps) else {
      throw Failure(description: "the clip's SPS is cut short: no picture size")
    }
    videoConfiguration = configuration
    self.video = video
    self.audio = audio
    if let sound = audio.first {
      guard let configuration = ADTSAudio(header: sound.bytes) else {
        throw Failure(description: "the clip's audio (stream type 0x0F) does not start with an ADTS header")
      }
      audioConfiguration = configuration
    }
  }

  /// Whether Annex B bytes hold a NAL unit of type 5 (an IDR slice).
  static func hasIDR(_ bytes: [UInt8]) -> Bool {
    AnnexB.units(bytes).contains { AnnexB.type($0) == 5 }
  }
}
