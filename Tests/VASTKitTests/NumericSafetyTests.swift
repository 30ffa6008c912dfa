import Foundation
import Testing

@testable import VASTKit

/// Numbers in a VAST document that no pixel size or bitrate can be: noted as issues and read as
/// absent, and media selection never overflows on what it is given.
@Suite struct NumericSafetyTests {
  static func document(_ mediaFiles: String) -> Data {
    Data(
      """
      <VAST version="4.1"><Ad id="a" sequence="99999999999"><InLine><AdSystem>S</AdSystem><AdTitle>T</AdTitle>
      <Impression>https://t.example/i</Impression><Creatives><Creative><Linear>
      <Duration>00:00:05</Duration><MediaFiles>\(mediaFiles)</MediaFiles></Linear></Creative></Creatives>
      </InLine></Ad></VAST>
      """.utf8)
  }

  @Test func hugeAndNegativeAttributesAreIssuesNotNumbers() throws {
    let document = try VASTParser.parse(
      Self.document(
        """
        <MediaFile delivery="progressive" type="video/mp4" width="4000000000" height="4000000000">https://m/a.mp4</MediaFile>
        <MediaFile delivery="progressive" type="video/mp4" width="4000000000" height="4000000000">https://m/b.mp4</MediaFile>
        <MediaFile delivery="progressive" type="video/mp4" width="-640" height="360" bitrate="-9223372036854775808"
          fileSize="9000000000">https://m/c.mp4</MediaFile>
        """))
    let ad = try #require(document.ads.first)
    #expect(ad.sequence == nil)
    let files = try #require(ad.linear?.mediaFiles)
    #expect(files.map(\.width) == [nil, nil, nil])
    #expect(files[2].bitrate == nil)
    #expect(files[2].fileSize == 9_000_000_000)
    let messages = document.issues.map(\.message)
    #expect(messages.contains("MediaFile width '4000000000' is not a whole number from 0 to 2147483647"))
    #expect(messages.contains("MediaFile width '-640' is not a whole number from 0 to 2147483647"))
    #expect(messages.contains("Ad sequence '99999999999' is not a whole number from 0 to 2147483647"))
    #expect(
      try ad.linear?.selectMediaFile(VASTMediaRequest(width: 1280, height: 720)).url == "https://m/a.mp4")
  }

  /// The model is public: a caller may build files with any sizes, and selection must not trap.
  @Test func selectionSaturatesTheAreaAndNeverNegatesABitrate() throws {
    var linear = VASTLinear()
    for (index, size) in [(Int.max, Int.max), (4_000_000_000, 4_000_000_000), (Int.min, 3)].enumerated() {
      var file = VASTMediaFile(url: "https://m/\(index).mp4")
      file.type = "video/mp4"
      file.width = size.0
      file.height = size.1
      file.bitrate = index == 1 ? Int.min : Int.max
      linear.mediaFiles.append(file)
    }
    #expect(try linear.selectMediaFile(VASTMediaRequest(width: 640, height: 360)).url == "https://m/2.mp4")
    #expect(try linear.selectMediaFile(VASTMediaRequest(width: 0, height: 0)).url == "https://m/0.mp4")
    #expect(try linear.selectMediaFile(VASTMediaRequest(width: 10, height: 10, maxBitrate: 5)).url != "")
  }

  @Test func timeFormattingBoundsWhatItIsGiven() {
    #expect(VASTDuration.format(.nan) == "00:00:00.000")
    #expect(VASTDuration.format(-5) == "00:00:00.000")
    #expect(VASTDuration.format(1e300) == "99999:59:59.999")
    #expect(VASTDuration.format(3723.5) == "01:02:03.500")
    #expect(VASTOffset.percent(25).description == "25%")
  }
}
