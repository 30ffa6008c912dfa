import Foundation
import Testing

@testable import VASTKit

/// The readers that answer from attribute bytes (literals, numbers, no `String` made) give what
/// the text readers they stand in for gave, and the namespace declarations put on cut-out XML
/// are those in scope where it was cut, however often the same parser meets the same prefixes.
@Suite struct ByteReadersTests {
  /// `body` on the bytes of `text`.
  static func withBytes<Result>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    Array(text.utf8).withUnsafeBufferPointer(body)
  }

  static let offsets = [
    "start", "end", " start", "end ", "Start", "50%", "100%", "101%", "0%", "050%", "5.5%", "%", "1000%",
    "00:10:00", "00:10:00.000", "01:02:03.5", "1:2:3", "00:60:00", "#1", "#0", "12", "", " ", "00:10:00 ",
  ]

  @Test func plainTimeOffsetsAreWhatTheTextReads() {
    for text in Self.offsets {
      let plain = Self.withBytes(text) { VMAPBuilder.plainTimeOffset($0) }
      if let plain { #expect(plain == VMAPTimeOffset(parsing: text), "'\(text)'") }
    }
    #expect(Self.withBytes("start") { VMAPBuilder.plainTimeOffset($0) } == .start)
    #expect(Self.withBytes("50%") { VMAPBuilder.plainTimeOffset($0) } == .percent(50))
    #expect(Self.withBytes("00:10:00.000") { VMAPBuilder.plainTimeOffset($0) } == .seconds(600))
  }

  @Test func plainBreakTypesAreTheTypesSplit() {
    let cases: [(String, [String]?)] = [
      ("linear", ["linear"]), ("linear,nonlinear", ["linear", "nonlinear"]),
      ("display,linear,nonlinear", ["display", "linear", "nonlinear"]), ("linear, nonlinear", nil),
      ("linear,", nil), ("", nil), ("Linear", nil), ("video", nil),
    ]
    for (text, expected) in cases {
      #expect(Self.withBytes(text) { VMAPBuilder.plainBreakTypes($0) } == expected, "'\(text)'")
    }
  }

  @Test func knownEventsAreTheirOwnLiterals() {
    for event in [
      "creativeView", "start", "progress", "acceptInvitationLinear", "overlayViewDuration", "mute",
    ] {
      #expect(Self.withBytes(event) { KnownValues.trackingEvent($0) } == event)
    }
    for other in ["", "Start", "starts", "sta", "customEvent", "start "] {
      #expect(Self.withBytes(other) { KnownValues.trackingEvent($0) } == nil, "'\(other)'")
    }
    for event in ["breakStart", "breakEnd", "error"] {
      #expect(Self.withBytes(event) { KnownValues.vmapTrackingEvent($0) } == event)
    }
  }

  /// Media files' `delivery` and `type` and resources' `creativeType` are answered as literals only
  /// for their exact bytes; anything else (spaces, other case) is the attribute's text as before.
  @Test func knownAttributeValuesAreTheirOwnLiterals() throws {
    for value in ["progressive", "streaming"] {
      #expect(Self.withBytes(value) { KnownValues.delivery($0) } == value)
    }
    for value in ["video/mp4", "video/webm", "video/x-flv", "application/javascript"] {
      #expect(Self.withBytes(value) { KnownValues.mediaType($0) } == value)
    }
    for value in ["image/png", "image/jpeg", "application/x-shockwave-flash"] {
      #expect(Self.withBytes(value) { KnownValues.creativeType($0) } == value)
    }
    let others = ["", " progressive", "Progressive", "video/mp4 ", "image/pn", "application/x-shockwave"]
    for other in others {
      #expect(Self.withBytes(other) { KnownValues.delivery($0) } == nil, "'\(other)'")
      #expect(Self.withBytes(other) { KnownValues.mediaType($0) } == nil, "'\(other)'")
      #expect(Self.withBytes(other) { KnownValues.creativeType($0) } == nil, "'\(other)'")
    }
    let xml = """
      <VAST version="4.1"><Ad id="a"><InLine><AdSystem>s</AdSystem><Creatives><Creative><Linear>
      <MediaFiles><MediaFile delivery="progressive" type="video/mp4">https://m/1</MediaFile>
      <MediaFile delivery=" streaming" type="Video/MP4">https://m/2</MediaFile></MediaFiles></Linear>
      </Creative><Creative><CompanionAds><Companion><StaticResource creativeType="image/png ">https://c/1
      </StaticResource></Companion></CompanionAds></Creative></Creatives></InLine></Ad></VAST>
      """
    let document = try VASTParser.parse(Data(xml.utf8))
    let files = document.ads.first?.linear?.mediaFiles ?? []
    #expect(files.map(\.delivery) == ["progressive", " streaming"])
    #expect(files.map(\.type) == ["video/mp4", "Video/MP4"])
    let companion = document.ads.first?.creatives.last?.companionAds?.companions.first
    #expect(companion?.resources.first?.creativeType == "image/png ")
  }

  @Test func trackingEventsWithSpacesAroundAreTrimmed() throws {
    let xml = """
      <VAST version="4.1"><Ad id="a"><InLine><AdSystem>s</AdSystem><Creatives><Creative><Linear>
      <Duration>00:00:10</Duration><TrackingEvents>
      <Tracking event=" start ">https://t.example/start</Tracking>
      <Tracking event="customThing">https://t.example/custom</Tracking>
      <Tracking event="progress" offset="00:00:05">https://t.example/progress</Tracking>
      </TrackingEvents></Linear></Creative></Creatives></InLine></Ad></VAST>
      """
    let document = try VASTParser.parse(Data(xml.utf8))
    let events = document.ads.first?.linear?.trackingEvents ?? []
    #expect(events.map(\.event) == ["start", "customThing", "progress"])
    #expect(events.last?.offset == .seconds(5))
  }

  /// Cut-out XML under the same prefix bound to another URI, in one document and in the next
  /// document the same parser reads: each gets the declaration in scope where it was cut.
  @Test func cutOutXMLCarriesTheDeclarationsInScopeEachTime() throws {
    func document(_ uri: String, _ second: String) -> Data {
      Data(
        """
        <VAST version="4.1" xmlns:x="\(uri)"><Ad id="a"><InLine><AdSystem>s</AdSystem>
        <Extensions><Extension><x:Thing/></Extension></Extensions></InLine></Ad>
        <Ad id="b" xmlns:x="\(second)"><InLine><AdSystem>s</AdSystem>
        <Extensions><Extension><x:Thing/></Extension></Extensions></InLine></Ad></VAST>
        """.utf8)
    }
    let parser = VASTParser()
    for (uri, second) in [("urn:one", "urn:two"), ("urn:one", "urn:two"), ("urn:three", "urn:one/b")] {
      let parsed = try parser.parse(document(uri, second))
      #expect(parsed.ads.count == 2)
      #expect(
        parsed.ads.first?.extensionsXML
          == "<Extensions xmlns:x=\"\(uri)\"><Extension><x:Thing/></Extension></Extensions>")
      #expect(
        parsed.ads.last?.extensionsXML
          == "<Extensions xmlns:x=\"\(second)\"><Extension><x:Thing/></Extension></Extensions>")
    }
    // A document without the declaration: nothing added.
    let bare = try parser.parse(
      Data(
        "<VAST version=\"4.1\"><Ad id=\"a\"><InLine><AdSystem>s</AdSystem><Extensions><Extension/></Extensions></InLine></Ad></VAST>"
          .utf8))
    #expect(bare.ads.first?.extensionsXML == "<Extensions><Extension/></Extensions>")
  }
}
