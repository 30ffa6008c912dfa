import Foundation
import HTTPKit
import LoopbackHTTP
import Testing

@testable import VASTKit

/// `VMAPSourceLoader` (a VMAP break's ads, or the VMAP code that fails it) and
/// `AdDocumentReader` (VAST or VMAP by the document's root) over real HTTP on 127.0.0.1.
@Suite struct VMAPSourceLoaderTests {
  static func schedule(_ breaks: String) throws -> VMAPDocument {
    try VMAPParser.parse(
      Data(
        #"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0">\#(breaks)</vmap:VMAP>"#
          .utf8))
  }

  static func tagBreak(
    _ path: String, attributes: String = "", type: String = "linear", template: String = "vast4"
  )
    -> String
  {
    """
    <vmap:AdBreak timeOffset="start" breakType="\(type)"><vmap:AdSource\(attributes)>
    <vmap:AdTagURI templateType="\(template)">\(path)</vmap:AdTagURI></vmap:AdSource></vmap:AdBreak>
    """
  }

  static func loader() -> VMAPSourceLoader {
    VMAPSourceLoader(resolver: Fixtures.resolver())
  }

  static func ids(_ outcome: Result<[VASTResolvedAd], VMAPError>) -> [String] {
    ((try? outcome.get()) ?? []).compactMap(\.ad.id)
  }

  static func code(_ outcome: Result<[VASTResolvedAd], VMAPError>) -> Int? {
    if case .failure(let error) = outcome { return error.code.rawValue }
    return nil
  }

  @Test func eachSourceResolvesOrFailsWithItsVMAPCode() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let pod =
      #"<VAST version="4.1">\#(Fixtures.inLineAd(id: "p1", sequence: 1))\#(Fixtures.inLineAd(id: "p2", sequence: 2))</VAST>"#
    server.route("/pod") { _ in Fixtures.xml(pod) }
    server.route("/wrapper") { _ in
      Fixtures.xml(Fixtures.wrapper(next: "/pod", error: Fixtures.raw(server, "/err?code=[ERRORCODE]")))
    }
    server.route("/garbage") { _ in Fixtures.xml("<VAST version=\"4.1\"><Ad>") }
    server.route("/err") { _ in LoopbackResponse(status: 204) }
    let document = try Self.schedule(
      """
      \(Self.tagBreak("pod"))
      \(Self.tagBreak("pod", attributes: #" allowMultipleAds="false""#))
      \(Self.tagBreak("wrapper"))
      \(Self.tagBreak("wrapper", attributes: #" followRedirects="false""#))
      \(Self.tagBreak("missing"))
      \(Self.tagBreak("garbage"))
      \(Self.tagBreak("pod", type: "nonlinear"))
      \(Self.tagBreak("pod", template: "ima3"))
      <vmap:AdBreak timeOffset="end" breakType="linear"><vmap:AdSource>
      <vmap:CustomAdData templateType="proprietary"><x/></vmap:CustomAdData></vmap:AdSource></vmap:AdBreak>
      <vmap:AdBreak timeOffset="end" breakType="linear"><vmap:AdSource><vmap:VASTAdData>
      \(Fixtures.inLine(id: "inline"))</vmap:VASTAdData></vmap:AdSource></vmap:AdBreak>
      """)
    // Relative AdTagURIs resolve against the schedule's URL.
    let base = server.url("/vmap/schedule.xml").deletingLastPathComponent().deletingLastPathComponent()
    let plans = await withCheckedContinuation { continuation in
      Self.loader().plan(document.adBreaks.map { ($0, base.appendingPathComponent("schedule.xml")) }) {
        continuation.resume(returning: $0)
      }
    }
    let outcomes = plans.map { $0.map(\.ads) }
    // (The wrapper has no allowMultipleAds of its own: VAST gives it the pod's first ad.)
    #expect(outcomes.map(Self.ids) == [["p1", "p2"], ["p1"], ["p1"], [], [], [], [], [], [], ["inline"]])
    #expect(outcomes.map(Self.code) == [nil, nil, nil, 1004, 1008, 1006, 1003, 1005, 1005, nil])
    if case .failure(let error) = outcomes[3] { #expect(error.message.contains("VAST error 302")) }
    if case .failure(let error) = outcomes[4] {
      #expect(error.message.hasSuffix("/missing: HTTP status 404"))
    }
    // The wrapper not followed fired its own Error URL with VAST's code.
    #expect(Fixtures.codes(server, "/err") == ["302"])
  }

  @Test func theReaderTellsVMAPFromVASTByTheRootWithoutAType() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let vmap =
      #"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0">\#(Self.tagBreak("/tag"))</vmap:VMAP>"#
    server.route("/vmap") { _ in Fixtures.xml(vmap) }
    server.route("/tag") { _ in Fixtures.xml(Fixtures.inLine(id: "a")) }
    let resolver = Fixtures.resolver()
    let reader = AdDocumentReader(resolver: resolver, loader: VMAPLoader(client: resolver.client))
    guard case .vmap(.success(let schedule)) = await reader.read(server.url("/vmap"), type: nil) else {
      Issue.record("a VMAP root is a schedule")
      return
    }
    #expect(schedule.adBreaks.count == 1)
    guard case .vast(.success(let resolution)) = await reader.read(server.url("/tag"), type: nil) else {
      Issue.record("a VAST root is resolved")
      return
    }
    #expect(resolution.ads.map(\.ad.id) == ["a"])
    // Told it is VAST, a schedule is VAST's 101; told it is VMAP, a VAST tag is VMAP's 1000.
    guard case .vast(.failure(let vastError)) = await reader.read(server.url("/vmap"), type: "vast"),
      case .vmap(.failure(let vmapError)) = await reader.read(server.url("/tag"), type: "vmap")
    else {
      Issue.record("a document of the other kind fails")
      return
    }
    #expect(vastError.code == .schemaValidation)
    #expect(vmapError.code == .schema)
    #expect(server.requests(for: "/vmap").count == 2)
  }
}
