import FuzzSupport
import MediaKit

/// libFuzzer's driver on this target's input function.
@main enum FuzzMediaMain {
  static func main() { runFuzzer(fuzzMedia) }
}

/// The segment readers: the bytes as MPEG-TS, as ISO-BMFF (with the same bytes as init segment
/// too), as packed audio and as an ID3 tag each give a scan or a MediaError; times are finite, a
/// scan keeps at most its bounded issues, each at a byte of the segment; trimming never grows a
/// segment and its result reads too.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMedia(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let bytes = [UInt8](inputBytes(start, count))
  var scans: [MediaScan] = []
  if let scan = try? TSReader.read(bytes) { scans.append(scan) }
  let initInfo = (try? BMFFReader.readInit(bytes)) ?? BMFFInit()
  if let scan = try? BMFFReader.read(bytes, initSegment: initInfo) { scans.append(scan) }
  if let scan = try? PackedAudioReader.read(bytes) { scans.append(scan) }
  _ = try? ID3Reader.read(bytes[...])
  for scan in scans {
    for item in scan.items { invariant(item.time.isFinite, "an item at \(item.time)") }
    for stream in scan.streams {
      invariant(
        stream.first.isFinite && stream.last.isFinite, "stream \(stream.id) at \(stream.first)…\(stream.last)"
      )
    }
    invariant(scan.issues.count <= TSReader.maxIssues + 1, "\(scan.issues.count) issues kept")
    // A run logs each issue with its offset in the segment (a `segment-issue` entry).
    for issue in scan.issues {
      invariant(
        (0...bytes.count).contains(issue.offset), "an issue at byte \(issue.offset) of \(bytes.count)")
    }
  }
  let trimmed = SegmentTrimmer.trim(bytes)
  invariant(trimmed.count <= bytes.count + 8, "trimming grew \(bytes.count) bytes to \(trimmed.count)")
  _ = try? MediaReader.scan(trimmed, initSegment: initInfo)
  return 0
}
