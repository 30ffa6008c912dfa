import Foundation
import FuzzSupport
import HLSKit

private let playlistURL = URL(fileURLWithPath: "/fuzz/live/index.m3u8")

/// The HLS parser and the live timeline: any bytes give a playlist or an error naming a line;
/// segments are finite, in order and numbered from the media sequence; a reload of the same
/// window leaves the timeline where it was.
/// libFuzzer's driver on this target's input function.
@main enum FuzzHLSMain {
  static func main() { runFuzzer(fuzzHLS) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHLS(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let data = Data(inputBytes(start, count))
  checkAssetList(data)
  let playlist: HLSPlaylist
  do {
    playlist = try HLSParser.parse(data, url: playlistURL)
  } catch {
    invariant(error.line.map { $0 >= 1 } ?? true, "an error on line \(error.line ?? 0)")
    return 0
  }
  guard case .media(let media) = playlist else {
    if case .multivariant(let variants) = playlist {
      for variant in variants.variants {
        invariant(URL(string: variant.uri)?.absoluteString == variant.uri, "variant URI \(variant.uri)")
      }
    }
    return 0
  }
  checkSegments(media)
  var timeline = HLSTimeline()
  timeline.merge(media)
  let once = timeline.segments
  invariant(timeline.end.isFinite, "the timeline ends at \(timeline.end)")
  invariant(timeline.cues.count <= HLSTimeline.maxCues, "\(timeline.cues.count) cues kept")
  timeline.merge(media)
  invariant(timeline.segments == once, "reloading the same window moved its segments")
  checkInterstitials(timeline.cues)
  return 0
}

/// Interstitials read from any cues have finite times, and an error names a line.
private func checkInterstitials(_ cues: [HLSCue]) {
  let (found, errors) = HLSInterstitial.interstitials(in: cues, baseURL: playlistURL)
  for interstitial in found {
    invariant(interstitial.startTime.isFinite, "interstitial \(interstitial.id) at \(interstitial.startTime)")
    let resume = interstitial.resumeOffset(played: 1)
    invariant(resume.isFinite && resume >= 0, "interstitial \(interstitial.id) resumes \(resume) s on")
  }
  for error in errors {
    invariant(error.line.map { $0 >= 1 } ?? false, "an interstitial error without a line")
  }
}

/// The same bytes as an X-ASSET-LIST answer: assets with finite durations, or an error.
private func checkAssetList(_ data: Data) {
  guard let list = try? HLSAssetList.parse(data, url: playlistURL) else { return }
  for asset in list.assets {
    invariant(asset.duration.isFinite && asset.duration >= 0, "an asset lasting \(asset.duration) s")
  }
}

private func checkSegments(_ media: HLSMediaPlaylist) {
  invariant(
    media.targetDuration.isFinite && media.targetDuration >= 0, "target duration \(media.targetDuration)")
  var previousEnd = 0.0
  for (index, segment) in media.segments.enumerated() {
    invariant(
      segment.duration.isFinite && segment.duration >= 0, "segment \(index) lasts \(segment.duration)")
    invariant(
      segment.startTime == previousEnd, "segment \(index) starts at \(segment.startTime), not \(previousEnd)")
    invariant(segment.endTime.isFinite, "segment \(index) ends at \(segment.endTime)")
    // A segment's URI is kept as text and made a URL when read: the text must read back as one.
    invariant(
      URL(string: segment.uri)?.absoluteString == segment.uri, "segment \(index)'s URI \(segment.uri)")
    let expected = media.mediaSequence.addingReportingOverflow(index)
    invariant(
      !expected.overflow && segment.sequence == expected.partialValue,
      "segment \(index) has sequence \(segment.sequence) after media sequence \(media.mediaSequence)")
    previousEnd = segment.endTime
  }
  for cue in media.cues {
    invariant(cue.startTime.isFinite, "cue \(cue.id) starts at \(cue.startTime)")
    invariant(
      cue.endTime.map { $0.isFinite && $0 >= cue.startTime } ?? true, "cue \(cue.id) ends before it starts")
  }
}
