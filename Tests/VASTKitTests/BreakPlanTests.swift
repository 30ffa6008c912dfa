import Foundation
import HTTPKit
import LoopbackHTTP
import Testing

@testable import VASTKit

/// A resolution with `VASTResolverOptions.media` plans a client-side break: an ad picked to play
/// without a usable duration (101) or a media file that fits (403) fires its Error URLs with the
/// code through the macros, and a stand-alone ad takes its place.
@Suite struct BreakPlanTests {
  /// An InLine ad whose only media file is VPAID (nothing a player without VPAID plays).
  static func vpaidAd(id: String, sequence: Int?, error: String, duration: String = "00:00:10") -> String {
    let sequenceAttribute = sequence.map { " sequence=\"\($0)\"" } ?? ""
    return """
      <Ad id="\(id)"\(sequenceAttribute)><InLine><AdSystem>t</AdSystem><AdTitle>\(id)</AdTitle>
      <Error><![CDATA[\(error)]]></Error><Impression><![CDATA[https://imp.example/\(id)]]></Impression>
      <Creatives><Creative><Linear><Duration>\(duration)</Duration><MediaFiles>
      <MediaFile delivery="progressive" type="application/javascript" apiFramework="VPAID" width="640" height="360">
      <![CDATA[https://media.example/\(id).js]]></MediaFile>
      </MediaFiles></Linear></Creative></Creatives></InLine></Ad>
      """
  }

  static func plan(_ server: LoopbackServer, _ path: String) async throws -> VASTResolution {
    let base = Fixtures.resolver()
    var options = base.options
    options.media = VASTMediaRequest(width: 640, height: 360)
    let resolver = VASTResolver(
      client: base.client, options: options, beacons: base.beacons, macroContext: base.macroContext)
    return try await resolver.resolve(url: server.url(path))
  }

  @Test func aPodAdWithNoFittingMediaIs403AndAStandAloneAdTakesItsPlace() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let error = Fixtures.raw(server, "/err?code=[ERRORCODE]")
    let document = """
      <VAST version="4.1">
      \(Fixtures.inLineAd(id: "p1", sequence: 1))
      \(Self.vpaidAd(id: "p2", sequence: 2, error: error))
      \(Self.vpaidAd(id: "b1", sequence: nil, error: error))
      \(Fixtures.inLineAd(id: "b2"))
      \(Fixtures.inLineAd(id: "b3"))
      </VAST>
      """
    server.route("/pod") { _ in Fixtures.xml(document) }
    server.route("/err") { _ in LoopbackResponse(status: 204) }
    let plan = try await Self.plan(server, "/pod")
    #expect(plan.ads.map(\.ad.id) == ["p1", "b2"])
    #expect(plan.ads.map { $0.media?.url } == ["https://cdn.example/p1.mp4", "https://cdn.example/b2.mp4"])
    // The buffet ad tried on the way cannot play either; the one never tried is not reported.
    #expect(plan.unplayable.map(\.adId) == ["p2", "b1"])
    #expect(plan.unplayable.map(\.error.code) == [.noSupportedMediaFile, .noSupportedMediaFile])
    #expect(plan.unplayable.first?.error.message.hasPrefix("VAST ad \"p2\": no playable media file") == true)
    #expect(plan.buffet.map(\.ad.id) == ["b3"])
    #expect(Fixtures.codes(server, "/err") == ["403", "403"])
  }

  @Test func withoutAPodTheFirstStandAloneAdThatPlaysIsPlanned() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let error = Fixtures.raw(server, "/err?code=[ERRORCODE]")
    let document = """
      <VAST version="4.1">
      \(Self.vpaidAd(id: "a", sequence: nil, error: error, duration: "bad"))
      \(Self.vpaidAd(id: "b", sequence: nil, error: error))
      \(Fixtures.inLineAd(id: "c"))
      </VAST>
      """
    server.route("/tag") { _ in Fixtures.xml(document) }
    server.route("/err") { _ in LoopbackResponse(status: 204) }
    let plan = try await Self.plan(server, "/tag")
    #expect(plan.ads.map(\.ad.id) == ["c"])
    #expect(plan.unplayable.map(\.error.code) == [.schemaValidation, .noSupportedMediaFile])
    #expect(plan.unplayable.first?.error.message == "VAST ad \"a\" has no usable Duration")
    #expect(Fixtures.codes(server, "/err") == ["101", "403"])
  }

  @Test func aResponseWhoseOnlyAdCannotPlayIsAnEmptyPlanNotAnError() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let error = Fixtures.raw(server, "/err?code=[ERRORCODE]")
    server.route("/tag") { _ in
      Fixtures.xml("<VAST version=\"4.1\">\(Self.vpaidAd(id: "only", sequence: nil, error: error))</VAST>")
    }
    server.route("/err") { _ in LoopbackResponse(status: 204) }
    let plan = try await Self.plan(server, "/tag")
    #expect(plan.ads.isEmpty)
    #expect(plan.unplayable.map(\.adId) == ["only"])
    #expect(Fixtures.codes(server, "/err") == ["403"])
    // Without a player to plan for, the resolution is as before: the ad, unchecked.
    let resolved = try await Fixtures.resolver().resolve(url: server.url("/tag"))
    #expect(resolved.ads.map(\.ad.id) == ["only"])
    #expect(resolved.ads.first?.media == nil)
    #expect(resolved.unplayable.isEmpty)
  }
}
