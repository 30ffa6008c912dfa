import Foundation
import MediaKit
import MediaWriter
import TestFiles

/// The streams of examples/inband as offline recordings: their ad-tracking ids and breaks exist
/// only inside the segments, as timed ID3, `emsg` and SCTE-35; the playlists say nothing of them.
/// The segments are what `adhost media write` writes from each folder's `stream.json`, trimmed as
/// `adhost run --record` trims them (docs/http.md "Media segments": blank video and silent audio
/// left out but for the first and last PES of each stream, or `mdat`'s payload); the playlists
/// are written here, with the recorded names and media sequence.
enum InbandExample {
  /// The folders under examples/inband with a recording.
  static let folders = ["ts", "cmaf", "live"]

  /// The recording of `folder`.
  static func recording(_ folder: String) throws -> InbandRecording {
    switch folder {
    case "ts": return try ts()
    case "cmaf": return try cmaf()
    default: return try live()
    }
  }

  static let mpegURL = "application/vnd.apple.mpegurl"

  /// The stream `examples/inband/<folder>/stream.json` describes.
  static func stream(_ folder: String) throws -> MediaStream {
    let url = repositoryRoot.appendingPathComponent("examples/inband/\(folder)/stream.json")
    return MediaStream(try MediaSpec.read(String(contentsOf: url, encoding: .utf8)))
  }

  /// Adds segment `index` of `stream` at `url`, trimmed, marked with its whole size.
  private static func addSegment(
    _ recording: inout InbandRecording, _ url: String, _ stream: MediaStream, _ index: Int
  ) {
    let whole = stream.segment(index)
    recording.add(
      url, MediaStream.contentType(url), SegmentTrimmer.trim(whole), trimmedFrom: whole.count)
  }

  /// VOD, three 6 s MPEG-TS segments whose video starts at PTS 10 s (ts/stream.json):
  /// Google-DAI-style `TXXX` ids (`google_1` at 12.345 s, `google_2` with a `PRIV` frame at
  /// 17.5 s, `google_3` in ID3v2.3 at 25.25 s) on a timed-ID3 PID (stream type 0x15), and a 6 s
  /// `splice_insert` break (event 7) at 19 s on an SCTE-35 PID (stream type 0x86).
  static func ts() throws -> InbandRecording {
    let base = "https://cdn.example/inband/ts/"
    let stream = try stream("ts")
    var recording = InbandRecording()
    recording.add(
      base + "media.m3u8", mpegURL, playlist(["s0.ts", "s1.ts", "s2.ts"], sequence: 0, end: true))
    for index in 0..<stream.segmentCount { addSegment(&recording, base + "s\(index).ts", stream, index) }
    return recording
  }

  /// VOD, CMAF (cmaf/stream.json): an init segment and three 6 s fMP4 segments from `tfdt` 10 s,
  /// with `emsg` boxes before each `moof`: ID3 (`https://aomedia.org/emsg/ID3`, at 1 kHz, ids 1
  /// to 3) and SCTE-35 (`urn:scte:scte35:2013:bin`), in version 0 (time relative to the
  /// segment's start) and 1.
  static func cmaf() throws -> InbandRecording {
    let base = "https://cdn.example/inband/cmaf/"
    let stream = try stream("cmaf")
    var recording = InbandRecording()
    recording.add(
      base + "media.m3u8", mpegURL,
      playlist(["s0.m4s", "s1.m4s", "s2.m4s"], sequence: 0, end: true, map: "init.mp4", version: 7))
    recording.add(base + "init.mp4", "video/mp4", stream.initSegment ?? [])
    for index in 0..<stream.segmentCount { addSegment(&recording, base + "s\(index).m4s", stream, index) }
    return recording
  }

  /// Live, MPEG-TS (live/stream.json): a sliding window of three 6 s segments (media sequence
  /// 100 on), loaded four times (the fourth ends the stream), the timestamps crossing the 33-bit
  /// PTS wrap in segment 101: each segment has a Yospace-style ID3 tag (`YMID`, `YSEQ` text
  /// frames) 1 s in, and segment 103 a `time_signal` (placement opportunity start, 12 s) at its start.
  static func live() throws -> InbandRecording {
    let base = "https://cdn.example/inband/live/"
    let stream = try stream("live")
    var recording = InbandRecording()
    for first in 100...103 {
      let names = (first..<first + 3).map { "seg\($0).ts" }
      recording.add(
        base + "media.m3u8", mpegURL,
        playlist(names, sequence: first, end: first == 103, dates: liveDates(from: first)))
    }
    for index in 0..<stream.segmentCount {
      addSegment(&recording, base + "seg\(100 + index).ts", stream, index)
    }
    return recording
  }

  /// The `EXT-X-PROGRAM-DATE-TIME` of segment `first` (the recording's start date is segment 100's).
  private static func liveDates(from first: Int) -> String {
    let seconds = (first - 100) * 6
    return "2026-01-01T00:00:" + (seconds < 10 ? "0" : "") + "\(seconds).000Z"
  }

  /// A media playlist of 6 s segments.
  static func playlist(
    _ names: [String], sequence: Int, end: Bool, map: String? = nil, version: Int = 3, dates: String? = nil
  ) -> [UInt8] {
    var text =
      "#EXTM3U\n#EXT-X-VERSION:\(version)\n#EXT-X-TARGETDURATION:6\n#EXT-X-MEDIA-SEQUENCE:\(sequence)\n"
    if let map { text += "#EXT-X-MAP:URI=\"\(map)\"\n" }
    if let dates { text += "#EXT-X-PROGRAM-DATE-TIME:\(dates)\n" }
    text += names.map { "#EXTINF:6.000,\n\($0)\n" }.joined()
    if end { text += "#EXT-X-ENDLIST\n" }
    return Array(text.utf8)
  }
}
