import HLSKit
import Testing

/// The open points of HLS Interstitials decided in docs/interstitials.md ("Open points"), one
/// test each at the parser's level; the player's share is in AdhostCLITests'
/// InterstitialOpenPointTests.
@Suite struct InterstitialOpenPointTests {
  static func interstitial(_ attributes: String) throws -> HLSInterstitial {
    try InterstitialAttributeTests.interstitial(attributes)
  }

  @Test func theLegacyXCueIsReadAsCueWhenCueIsAbsent() throws {
    #expect(try Self.interstitial(#"X-ASSET-URI="a.m3u8",X-CUE="PRE""#).triggers == [.pre])
    #expect(try Self.interstitial(#"X-ASSET-URI="a.m3u8",X-CUE="POST,ONCE""#).triggers == [.post, .once])
    #expect(
      InterstitialAttributeTests.failure(#"X-ASSET-URI="a.m3u8",X-CUE="PRE,POST""#)
        == #"line 4: #EXT-X-DATERANGE ID="ad1": X-CUE: expected PRE or POST, not both, found PRE,POST"#)
  }

  @Test func cueWinsOverXCue() throws {
    #expect(try Self.interstitial(#"X-ASSET-URI="a.m3u8",CUE="POST",X-CUE="PRE""#).triggers == [.post])
  }

  @Test func anEmptyAssetListWithoutResumeOffsetResumesAfterTheDurationElseWhereItPaused() throws {
    // Nothing played (an empty list): DURATION when given, else 0 — the content goes on from
    // where it paused, none of it skipped.
    #expect(try Self.interstitial(#"X-ASSET-LIST="l.json",DURATION=12"#).resumeOffset(played: 0) == 12)
    #expect(try Self.interstitial(#"X-ASSET-LIST="l.json""#).resumeOffset(played: 0) == 0)
  }
}
