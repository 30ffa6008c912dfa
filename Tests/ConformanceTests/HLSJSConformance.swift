import Foundation
import HLSKit
import Testing

/// video-dev/hls.js `tests/unit/controller/interstitials-controller.ts`: what its schedule tests
/// assert about each interstitial event (start, restrictions, snap, resume time), over
/// playlists of adhost's own with the same tags.
@Suite struct HLSJSConformance {
  static let base = URL(string: "https://cdn.example/main.m3u8") ?? URL(fileURLWithPath: "/")

  /// The interstitials of a VOD playlist of three 10 s segments from 11:00:00 with `dateRanges`.
  static func interstitials(_ dateRanges: [String]) throws -> [HLSInterstitial] {
    let text =
      "#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXT-X-PROGRAM-DATE-TIME:2020-01-01T11:00:00.000Z\n"
      + dateRanges.map { "#EXT-X-DATERANGE:CLASS=\"com.apple.hls.interstitial\",\($0)\n" }.joined()
      + (0..<3).map { "#EXTINF:10,\ns\($0).ts\n" }.joined() + "#EXT-X-ENDLIST\n"
    guard case .media(let playlist) = try HLSParser.parse(text, url: base) else { return [] }
    return HLSInterstitial.interstitials(in: playlist.cues, baseURL: base).interstitials
  }

  static func one(_ attributes: String) throws -> HLSInterstitial? {
    try interstitials([#"ID="0",START-DATE="2020-01-01T11:00:04.000Z",X-ASSET-URI="a.m3u8","# + attributes])
      .first
  }

  /// Where the content resumes after each of `found`, the ones sharing a start in one queue
  /// (adhost: each from the shared START-DATE, the queue at the furthest).
  static func resumeTimes(_ found: [HLSInterstitial]) -> [Double] {
    var result: [Double] = []
    for (index, interstitial) in found.enumerated() {
      let sharing = found[...index].filter { $0.startTime == interstitial.startTime }
      result.append(sharing.map { $0.startTime + $0.resumeOffset(played: 0) }.max() ?? 0)
    }
    return result
  }

  static let suite = ConformanceSuite(
    peer: "hls.js",
    cases: [
      ConformanceCase(name: "START-DATE 4 s after the playlist's date starts at 4") {
        try one("DURATION=30")?.startTime == 4
      },
      ConformanceCase(name: "X-RESTRICT=\"SKIP,JUMP\" and X-SNAP=\"OUT,IN\" are read") {
        let found = try one(#"DURATION=30,X-RESTRICT="SKIP,JUMP",X-SNAP="OUT,IN""#)
        return found?.restrictions == [.skip, .jump] && found?.snap == [.out, .in]
      },
      ConformanceCase(name: "X-RESUME-OFFSET=0 resumes at the start") {
        guard let found = try one("DURATION=3,X-RESUME-OFFSET=0") else { return false }
        return found.startTime + found.resumeOffset(played: 3) == 4
      },
      ConformanceCase(name: "without X-RESUME-OFFSET the content resumes after DURATION") {
        guard let found = try one("DURATION=3") else { return false }
        return found.startTime + found.resumeOffset(played: 3) == 7
      },
      ConformanceCase(name: "X-CUE=\"PRE\" is read as CUE") { try one(#"X-CUE="PRE""#)?.triggers == [.pre] },
      ConformanceCase(name: "resume offsets of interstitials at the same START-DATE add up") {
        let found = try interstitials([
          #"ID="0",START-DATE="2020-01-01T11:00:00.000Z",DURATION=5,X-ASSET-URI="a.m3u8""#,
          #"ID="1",START-DATE="2020-01-01T11:00:00.000Z",DURATION=25,X-ASSET-URI="b.m3u8""#,
        ])
        return resumeTimes(found) == [5, 30]
      },
      ConformanceCase(name: "a negative X-RESUME-OFFSET resumes before the start") {
        try one("DURATION=10,X-RESUME-OFFSET=-5").map { $0.startTime + $0.resumeOffset(played: 10) } == -1
      },
    ],
    knownDifferences: [
      "resume offsets of interstitials at the same START-DATE add up":
        "the HLS spec counts X-RESUME-OFFSET (else DURATION) from the interstitial's own START-DATE; adhost resumes at the furthest of those points, hls.js at their sum",
      "a negative X-RESUME-OFFSET resumes before the start":
        "X-RESUME-OFFSET is a decimal-floating-point, which cannot be negative; adhost refuses the date range with its line",
    ])

  @Test func agreement() { Self.suite.check() }
}
