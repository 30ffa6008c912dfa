import Foundation
import HLSKit
import Testing

/// The JSON asset lists of `X-ASSET-LIST`.
@Suite struct AssetListTests {
  static let url = URL(string: "https://ads.example/lists/break1.json") ?? URL(fileURLWithPath: "/")

  static func failure(_ json: String) -> String {
    do {
      _ = try HLSAssetList.parse(Data(json.utf8), url: url)
      return "no error"
    } catch {
      return "\(error)"
    }
  }

  @Test func assetsWithURIAndDurationAndSkipControl() throws {
    let list = try HLSAssetList.parse(
      Data(
        #"""
        {"ASSETS": [{"URI": "ad1/index.m3u8", "DURATION": 10, "X-VAST-URI": "https://ads.example/vast/1.xml"},
                    {"URI": "https://cdn.example/ad2.m3u8", "DURATION": 5.5}],
         "SKIP-CONTROL": {"OFFSET": 5, "DURATION": 3, "LABEL-ID": "skip"}, "X-BREAK": {"n": 1}}
        """#.utf8), url: Self.url)
    #expect(
      list.assets.map(\.url.absoluteString) == [
        "https://ads.example/lists/ad1/index.m3u8", "https://cdn.example/ad2.m3u8",
      ])
    #expect(list.assets.map(\.duration) == [10, 5.5])
    // JSON text as the JSON module writes it (Foundation's writer escaped every "/").
    #expect(list.assets[0].otherMembers == ["X-VAST-URI": #""https://ads.example/vast/1.xml""#])
    #expect(list.skipControl == HLSInterstitial.SkipControl(offset: 5, duration: 3, labelId: "skip"))
    #expect(list.otherMembers == ["X-BREAK": #"{"n":1}"#])
  }

  @Test func anEmptyListIsAList() throws {
    #expect(try HLSAssetList.parse(Data(#"{"ASSETS": []}"#.utf8), url: Self.url).assets.isEmpty)
  }

  @Test func errorsNameTheJSONPath() {
    #expect(Self.failure("<html>").hasPrefix("the asset list is not JSON"))
    #expect(Self.failure("[1]") == "the asset list: expected a JSON object, found a list")
    #expect(Self.failure("{}") == "ASSETS: expected a list of assets, found nothing")
    #expect(Self.failure(#"{"ASSETS": [{"DURATION": 1}]}"#) == "ASSETS[0].URI: expected a URI, found nothing")
    #expect(
      Self.failure(#"{"ASSETS": [{"URI": "a.m3u8", "DURATION": 1}, {"URI": "b.m3u8", "DURATION": "ten"}]}"#)
        == #"ASSETS[1].DURATION: expected a number of seconds from 0 to 604800, found "ten""#)
    #expect(Self.failure(#"{"ASSETS": [{"URI": "a.m3u8", "DURATION": true}]}"#).hasSuffix("found true"))
    #expect(Self.failure(#"{"ASSETS": [{"URI": "a.m3u8", "DURATION": -1}]}"#).hasSuffix("found -1"))
    #expect(
      Self.failure(#"{"ASSETS": [], "SKIP-CONTROL": {"OFFSET": "x"}}"#).hasPrefix(
        "SKIP-CONTROL.OFFSET: expected"))
  }

  @Test func hostileListsAreErrorsNotCrashes() {
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    #expect(Self.failure(#"{"ASSETS": "# + deep + "}").hasPrefix("the asset list is not JSON"))
    let nested = String(repeating: "[", count: 400) + String(repeating: "]", count: 400)
    #expect(
      Self.failure(#"{"ASSETS": [{"URI": "a.m3u8", "DURATION": 1, "X": "# + nested + "}]}") == "no error")
    #expect(Self.failure(#"{"ASSETS": [{"URI": "a.m3u8", "DURATION": 1e400}]}"#) != "no error")
    #expect(Self.failure(#"{"ASSETS": [{"URI": "a.m3u8", "DURATION": 604801}]}"#).hasSuffix("found 604801"))
    do {
      _ = try HLSAssetList.parse(Data([0x7B, 0xFF, 0xFE, 0x7D]), url: Self.url)
      Issue.record("bytes that are not UTF-8 were read")
    } catch {
      #expect(error.message.hasPrefix("the asset list is not JSON"))
    }
  }
}
