/// Reads HLS packed audio (RFC 8216bis "Packed Audio"): the ID3 tag that starts each segment,
/// whose `PRIV` frame `com.apple.streaming.transportStreamTimestamp` holds the 33-bit 90 kHz
/// timestamp of the first audio frame, and, in AAC (ADTS) segments, the ID3 tags between frames,
/// placed by the frames before them.
public enum PackedAudioReader {
  /// The `PRIV` owner that carries the segment's timestamp.
  public static let timestampOwner = "com.apple.streaming.transportStreamTimestamp"

  /// Reads a packed audio segment.
  public static func read(_ bytes: [UInt8]) throws(MediaError) -> MediaScan {
    guard ID3Reader.startsTag(bytes[...]) else {
      throw MediaError(at: 0, "expected packed audio's leading ID3 tag (\"ID3\")")
    }
    var scan = MediaScan(container: .packedAudio)
    var offset = 0
    var base: Double?
    var samples = 0
    var sampleRate = 0
    var frames = 0
    while offset < bytes.count {
      let rest = bytes[offset...]
      if ID3Reader.startsTag(rest) {
        let size: Int
        let tag: ID3Tag
        do {
          size = try ID3Reader.tagSize(rest)
          tag = try ID3Reader.read(rest)
        } catch {
          // The leading tag holds the timestamp: without it the segment cannot be read. A later
          // one is an issue, and the segment's end is not looked at.
          guard base != nil else { throw error }
          scan.issues.append(error.retold(at: error.offset, "an ID3 tag after the first: \(error.message)"))
          break
        }
        if base == nil { base = timestamp(tag) }
        scan.issues += tag.skipped.map { MediaError(at: offset, $0, kind: .unsupported) } + tag.problems
        guard let start = base else {
          throw MediaError(at: offset, "the leading ID3 tag has no PRIV \(timestampOwner)")
        }
        let time = start + (sampleRate > 0 ? Double(samples) / Double(sampleRate) : 0)
        for frame in tag.frames { scan.items.append(TimedMetadata(time: time, payload: .id3(frame))) }
        offset += size
      } else if let frame = ADTSFrame(rest) {
        samples += frame.samples
        sampleRate = frame.sampleRate
        frames += 1
        offset += frame.length
      } else {
        // MP3, AC-3 or bytes that are not a frame: later tags, if any, are not looked for.
        if frames == 0 && offset < bytes.count {
          scan.issues.append(
            MediaError(at: offset, "not ADTS (AAC): tags after the first are not read", kind: .unsupported))
        } else {
          scan.issues.append(MediaError(at: offset, "expected an ADTS frame or an ID3 tag"))
        }
        break
      }
    }
    scan.boundIssues(end: bytes.count)
    let first = base ?? 0
    scan.streams = [
      StreamTimes(
        id: 0, streamType: 0x0F, first: first,
        last: first + (sampleRate > 0 ? Double(samples) / Double(sampleRate) : 0))
    ]
    return scan
  }

  /// The timestamp (seconds) of a tag's `PRIV` transportStreamTimestamp frame.
  static func timestamp(_ tag: ID3Tag) -> Double? {
    for frame in tag.frames {
      guard case .priv(let owner, let data) = frame.content, owner == timestampOwner, data.count == 8 else {
        continue
      }
      let raw = data.reduce(UInt64.zero) { $0 << 8 | UInt64(truncatingIfNeeded: $1) } & (1 << 33 - 1)
      return Double(raw) / TSTimestamps.ticksPerSecond
    }
    return nil
  }
}

/// An ADTS (AAC) frame header (ISO/IEC 13818-7 §6.2): its length, sample rate and samples.
struct ADTSFrame {
  static let rates = [
    96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350,
  ]
  let length: Int
  let sampleRate: Int
  let samples: Int

  init?(_ bytes: ArraySlice<UInt8>) {
    guard bytes.count >= 7 else { return nil }
    let b = bytes.startIndex
    guard bytes[b] == 0xFF, bytes[b + 1] & 0xF6 == 0xF0 else { return nil }
    let rateIndex = Int(truncatingIfNeeded: bytes[b + 2] >> 2 & 0x0F)
    guard rateIndex < Self.rates.count else { return nil }
    let length =
      Int(truncatingIfNeeded: bytes[b + 3] & 0x03) << 11 | Int(truncatingIfNeeded: bytes[b + 4]) << 3
      | Int(truncatingIfNeeded: bytes[b + 5] >> 5)
    guard length >= 7, length <= bytes.count else { return nil }
    self.length = length
    sampleRate = Self.rates[rateIndex]
    samples = 1024 * (Int(truncatingIfNeeded: bytes[b + 6] & 0x03) + 1)
  }
}
