import MediaWriter

/// The streams of examples/inband, written with the test fixture writers (`Tests/MediaFixtures`)
/// as offline recordings: their ad-tracking ids and breaks exist only inside the segments, as
/// timed ID3, `emsg` and SCTE-35; the playlists say nothing of them. Segments carry no real audio
/// or video, only the timestamps the readers take (a few hundred bytes each).
enum InbandExample {
  /// Each stream's folder under examples/inband and its recording.
  static var streams: [(folder: String, recording: InbandRecording)] {
    [("ts", ts()), ("cmaf", cmaf()), ("live", live())]
  }

  static let mpegURL = "application/vnd.apple.mpegurl"

  /// VOD, three 6 s MPEG-TS segments whose video starts at PTS 10 s: Google-DAI-style `TXXX`
  /// ids (`google_1` in ID3v2.4 at 12.345 s, `google_2` with a `PRIV` frame at 17.5 s,
  /// `google_3` in ID3v2.3 at 25.25 s) on a timed-ID3 PID (stream type 0x15), and a 6 s
  /// `splice_insert` break (event 7) at 19 s on an SCTE-35 PID (stream type 0x86).
  static func ts() -> InbandRecording {
    let base = "https://cdn.example/inband/ts/"
    var recording = InbandRecording()
    recording.add(
      base + "media.m3u8", mpegURL, playlist(["s0.ts", "s1.ts", "s2.ts"], sequence: 0, end: true))
    var first = TSWriter()
    first.video(pts: ticks(10), size: 100)
    first.id3(pts: ticks(12.345), tag(version: 4) { $0.userText(description: "google", "google_1") })
    first.video(pts: ticks(15.96), size: 100)
    var second = TSWriter()
    second.video(pts: ticks(16), size: 100)
    second.id3(
      pts: ticks(17.5),
      tag(version: 4) {
        $0.userText(description: "google", "google_2")
        $0.priv(owner: "com.example.adid", [0x0A, 0xD1, 0x00, 0x02])
      })
    second.scte35(SCTE35Writer.spliceInsert(eventId: 7, ptsTime: ticks(19), duration: ticks(6)))
    second.video(pts: ticks(21.96), size: 100)
    var third = TSWriter()
    third.video(pts: ticks(22), size: 100)
    third.id3(pts: ticks(25.25), tag(version: 3) { $0.userText(description: "google", "google_3") })
    third.video(pts: ticks(27.96), size: 100)
    for (name, writer) in [("s0.ts", first), ("s1.ts", second), ("s2.ts", third)] {
      recording.add(base + name, "video/mp2t", writer.bytes)
    }
    return recording
  }

  /// VOD, CMAF: an init segment (one track, timescale 90 kHz) and three 6 s fMP4 segments from
  /// `tfdt` 10 s, with `emsg` boxes before each `moof`: ID3 (`https://aomedia.org/emsg/ID3`) and
  /// SCTE-35 (`urn:scte:scte35:2013:bin`), in version 0 (time relative to the `tfdt`) and 1.
  static func cmaf() -> InbandRecording {
    let base = "https://cdn.example/inband/cmaf/"
    let id3Scheme = "https://aomedia.org/emsg/ID3"
    let scteScheme = "urn:scte:scte35:2013:bin"
    var recording = InbandRecording()
    recording.add(
      base + "media.m3u8", mpegURL,
      playlist(["s0.m4s", "s1.m4s", "s2.m4s"], sequence: 0, end: true, map: "init.mp4", version: 7))
    recording.add(base + "init.mp4", "video/mp4", CMAFWriter.initSegment(timescale: 90_000))
    let boxes: [[[UInt8]]] = [
      [
        CMAFWriter.emsg(
          version: 1, scheme: id3Scheme, timescale: 1000, time: 12_345, duration: 0, id: 1,
          tag(version: 4) { $0.userText(description: "google", "google_1") }),
        CMAFWriter.emsg(
          version: 0, scheme: scteScheme, timescale: 90_000, time: 270_000, duration: 450_000, id: 8,
          SCTE35Writer.spliceInsert(eventId: 8, ptsTime: ticks(13), duration: ticks(5))),
      ],
      [
        CMAFWriter.emsg(
          version: 0, scheme: id3Scheme, timescale: 1000, time: 1500, duration: 0, id: 2,
          tag(version: 4) {
            $0.userText(description: "google", "google_2")
            $0.priv(owner: "com.example.adid", [0x0A, 0xD1, 0x00, 0x02])
          }),
        CMAFWriter.emsg(
          version: 1, scheme: scteScheme, timescale: 90_000, time: ticks(19), duration: 540_000, id: 9,
          SCTE35Writer.timeSignal(ptsTime: ticks(19), typeId: 0x34, eventId: 9, duration: ticks(6))),
      ],
      [
        CMAFWriter.emsg(
          version: 1, scheme: id3Scheme, timescale: 1000, time: 25_250, duration: 0, id: 3,
          tag(version: 3) { $0.userText(description: "google", "google_3") })
      ],
    ]
    for (index, emsgs) in boxes.enumerated() {
      let segment = CMAFWriter.mediaSegment(
        emsgs: emsgs, decodeTime: ticks(10 + 6 * Double(index)), sampleDuration: 90_000, samples: 6,
        mdatSize: 60)
      recording.add(base + "s\(index).m4s", "video/mp4", segment)
    }
    return recording
  }

  /// Live, MPEG-TS: a sliding window of three 6 s segments (media sequence 100 on), loaded four
  /// times (the fourth ends the stream), the timestamps crossing the 33-bit PTS wrap in segment
  /// 101: each segment has a Yospace-style ID3 tag (`YMID`, `YSEQ` text frames) 1 s in, and
  /// segment 103 a `time_signal` (placement opportunity start, 12 s) at its start.
  static func live() -> InbandRecording {
    let base = "https://cdn.example/inband/live/"
    var recording = InbandRecording()
    for first in 100...103 {
      let names = (first..<first + 3).map { "seg\($0).ts" }
      recording.add(
        base + "media.m3u8", mpegURL,
        playlist(names, sequence: first, end: first == 103, dates: liveDates(from: first)))
    }
    for number in 100...105 {
      let start = liveStart + ticks(6 * Double(number - 100))
      var writer = TSWriter()
      writer.video(pts: wrap(start), size: 100)
      writer.id3(
        pts: wrap(start + ticks(1)),
        tag(version: 4) {
          $0.text("YMID", "mid-\(number)")
          $0.text("YSEQ", "\(number - 99):6")
        })
      if number == 103 {
        writer.scte35(
          SCTE35Writer.timeSignal(ptsTime: wrap(start), typeId: 0x34, eventId: 103, duration: ticks(12)))
      }
      writer.video(pts: wrap(start + ticks(5.96)), size: 100)
      recording.add(base + "seg\(number).ts", "video/mp2t", writer.bytes)
    }
    return recording
  }

  /// Segment 100's video PTS: 9 s before the 33-bit wrap.
  static let liveStart: UInt64 = (1 << 33) - 9 * 90_000

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

  /// Seconds as 90 kHz ticks.
  static func ticks(_ seconds: Double) -> UInt64 { UInt64((seconds * 90_000).rounded()) }

  /// A timestamp as the 33 bits a PTS holds.
  static func wrap(_ ticks: UInt64) -> UInt64 { ticks & ((1 << 33) - 1) }

  /// An ID3 tag of `version` with the frames `build` adds.
  static func tag(version: UInt8, _ build: (inout ID3Writer) -> Void) -> [UInt8] {
    var writer = ID3Writer(version: version)
    build(&writer)
    return writer.bytes()
  }
}
