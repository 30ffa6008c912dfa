import Foundation
import Testing

@testable import VASTKit

/// A parser reused after a document that ended early (malformed, or rejected by the builder)
/// reads the next one as a fresh parser does: nothing the first left open (a companion, an icon,
/// a linear…) takes the second's tracking events, resources or media files.
@Suite struct ParserReuseTests {
  static let next = """
    <VAST version="4.1"><Ad id="b"><InLine><AdSystem>s</AdSystem><Creatives><Creative><Linear>\
    <TrackingEvents><Tracking event="start">http://t/start</Tracking></TrackingEvents>\
    <MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="1" height="1">http://m/1\
    </MediaFile></MediaFiles></Linear></Creative><Creative><CompanionAds><Companion width="2" height="2">\
    <StaticResource creativeType="image/png">http://c/1</StaticResource></Companion></CompanionAds>\
    </Creative><Creative><NonLinearAds><NonLinear><StaticResource creativeType="image/png">http://n/1\
    </StaticResource></NonLinear></NonLinearAds></Creative></Creatives></InLine></Ad></VAST>
    """

  /// Documents that stop with model objects open: cut off inside them, or rejected by the builder
  /// (an `<Ad>` with neither `<InLine>` nor `<Wrapper>`) while they are open.
  static let endedEarly = [
    #"<VAST version="4.1"><Ad id="a"><InLine><Creatives><Creative><CompanionAds><Companion width="1">"#,
    #"<VAST version="4.1"><Ad id="a"><InLine><Creatives><Creative><Linear><Icons><Icon program="p">"#,
    #"<VAST version="4.1"><Ad id="a"><InLine><Creatives><Creative><NonLinearAds><NonLinear>"#,
    #"<VAST version="4.1"><Ad id="a"><Wrapper><ViewableImpression id="v">"#,
    #"<VAST version="4.1"><Linear><CompanionAds><Companion><Icon><Ad id="x"></Ad></Icon></Companion>"#,
    #"<VAST version="4.1"><Creative><NonLinearAds><NonLinear><Ad id="x"></Ad></NonLinear></NonLinearAds>"#,
  ]

  @Test func aDocumentThatEndedEarlyLeavesNothingOpen() throws {
    let fresh = try VASTParser.parse(Data(Self.next.utf8))
    #expect(fresh.ads.first?.creatives.count == 3)
    for early in Self.endedEarly {
      let parser = VASTParser()
      #expect(throws: VASTError.self) { try parser.parse(Data(early.utf8)) }
      #expect(try parser.parse(Data(Self.next.utf8)) == fresh, "after \(early)")
    }
  }
}
