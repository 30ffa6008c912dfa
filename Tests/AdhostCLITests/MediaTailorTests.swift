import Foundation
import LoopbackHTTP
import TestFiles
import Testing

/// `plugins/mediatailor.lua` end to end through `adhost run`, against MediaTailor on 127.0.0.1:
/// a VOD session with a pre-roll of two ads and two mid-rolls in 80 s of stitched content.
@Suite struct MediaTailorTests {
  static let plugin = repositoryRoot.appendingPathComponent("plugins/mediatailor.lua").path

  typealias Avail = MediaTailorServer.AvailSpec
  typealias AdSpec = MediaTailorServer.AdSpec

  static let vodAvails = [
    Avail(
      id: "pre", start: 0, duration: 15,
      ads: [
        AdSpec(id: "pre-1", start: 0, duration: 10, skipOffset: "00:00:05"),
        AdSpec(id: "pre-2", start: 10, duration: 5),
      ]),
    Avail(
      id: "mid1", start: 30, duration: 10,
      ads: [AdSpec(id: "mid1-1", start: 30, duration: 10, skipOffset: "00:00:05")]),
    Avail(id: "mid2", start: 55, duration: 10, ads: [AdSpec(id: "mid2-1", start: 55, duration: 10)]),
  ]

  static let vodPlaylist = MediaTailorServer.playlist(
    segments: 16,
    markers: [
      0: "#EXT-X-CUE-OUT:15", 3: "#EXT-X-CUE-IN", 6: "#EXT-X-CUE-OUT:10", 8: "#EXT-X-CUE-IN",
      11: #"#EXT-X-DATERANGE:ID="mid2",START-DATE="2026-11-29T12:00:55.000Z",DURATION=10,SCTE35-OUT=0xFC30"#,
    ])

  /// The VOD server; `tracking` replaces the tracking answers when given.
  static func vodServer(tracking: [String]? = nil) throws -> MediaTailorServer {
    let server = try MediaTailorServer(playlists: [vodPlaylist], tracking: [])
    server.answerTracking(tracking ?? [server.tracking(vodAvails)])
    return server
  }

  static func source(_ server: MediaTailorServer, _ scratch: Scratch, ssai extra: String = "") throws
    -> String
  {
    try scratch.write(
      "source.json",
      #"{"sources": [{"src": ""# + server.sessionURL
        + #"", "type": "application/x-mpegurl", "ssai": {"integration": "mediatailor", "adsParams": {"deviceType": "test"}"#
        + extra + "}}]}")
  }

  static func run(_ server: MediaTailorServer, ssai: String = "", actions: String? = nil, more: [String] = [])
    async throws -> RunResult
  {
    let scratch = try Scratch()
    var arguments = ["run", plugin, try source(server, scratch, ssai: ssai), "--json"] + more
    if let actions { arguments += ["--actions", try scratch.write("actions.json", actions)] }
    return await adhost(arguments)
  }

  /// `(id, t)` of each event of a type.
  static func times(_ run: RunResult, _ type: String) -> [String] {
    run.events(type).map { event in
      let id = (event["ad"] as? [String: Any])?["id"] as? String ?? ""
      return "\(id)@\(event["t"] ?? "?")"
    }
  }

  @Test func aVODSessionPlaysEveryBreakAndSendsEachBeaconOnceInOrder() async throws {
    let server = try Self.vodServer()
    let run = try await Self.run(server)
    #expect(run.code == 0, "\(run.errors)")

    let session = try #require(server.server.requests(for: "/v1/session/cfg/asset/index.m3u8").first)
    #expect(session.method == "POST")
    #expect(session.header("content-type") == "application/json")
    let body = try #require(try JSONSerialization.jsonObject(with: session.body) as? [String: Any])
    #expect(body["reportingMode"] as? String == "client")
    #expect((body["adsParams"] as? [String: String]) == ["deviceType": "test"])
    #expect(server.pollCount == 1)

    #expect(Self.times(run, "adbegin") == ["pre-1@0", "pre-2@10", "mid1-1@30", "mid2-1@55"])
    #expect(Self.times(run, "adend") == ["pre-1@10", "pre-2@15", "mid1-1@40", "mid2-1@65"])
    #expect(Self.times(run, "adfirstquartile").prefix(2) == ["pre-1@2.5", "pre-2@11.25"])
    #expect(run.events("adbreakbegin").compactMap { $0["t"] as? Double } == [0, 30, 55])
    #expect(run.events("adbreakend").compactMap { $0["t"] as? Double } == [15, 40, 65])
    #expect(run.events("removeadbreak").compactMap { $0["t"] as? Double } == [15, 40, 65])
    #expect(run.events("addadbreak").count == 3 && run.events("addad").count == 4)
    #expect(run.events("ended").first?["t"] as? Double == 80)
    #expect(run.events("aderror").isEmpty)
    let cues = run.events("cue").map { "\(($0["cue"] as? [String: Any])?["id"] ?? "?")@\($0["t"] ?? "?")" }
    #expect(cues == ["cue-out-0@0", "cue-out-6@30", "mid2@55"])

    // Every beacon once; beacons due at the same virtual time go out together, so the server
    // sees them in the order of their times, in any order within one time.
    let logged = run.events("beacon")
    #expect(logged.allSatisfy { $0["status"] as? Int == 204 })
    var timeOf: [String: Double] = [:]
    for beacon in logged {
      let path = (beacon["url"] as? String).flatMap { URL(string: $0)?.path } ?? ""
      timeOf[String(path.dropFirst("/beacon/".count))] = beacon["t"] as? Double
    }
    let received = server.beacons
    let expected = Self.vodAvails.flatMap { avail in
      ["\(avail.id)/breakStart", "\(avail.id)/breakEnd"]
        + avail.ads.flatMap { ad in
          ["impression", "start", "firstQuartile", "midpoint", "thirdQuartile", "complete"].map {
            "\(ad.id)/\($0)"
          }
        }
    }
    #expect(received.sorted() == expected.sorted())
    let receivedTimes = received.map { timeOf[$0] ?? -1 }
    #expect(receivedTimes == receivedTimes.sorted())
    #expect(
      timeOf["pre-1/complete"] == 10 && timeOf["mid2/breakEnd"] == 65 && timeOf["mid1-1/midpoint"] == 35)
  }

  @Test(arguments: [
    // seekOver, ads begun, where the seeks went, when the content ended
    ("none", [String](), [70.0], 30.0),
    ("last", ["mid2-1@20"], [70, 55, 70], 40),
    ("", ["mid2-1@20"], [70, 55, 70], 40),  // the default is last
    ("all", ["mid1-1@20", "mid2-1@30"], [70, 30, 55, 70], 50),
  ])
  func seekingOverBreaksPlaysNoneTheLastOrAllOfThemFirst(
    seekOver: String, begun: [String], seeks: [Double], end: Double
  ) async throws {
    let server = try Self.vodServer()
    let ssai = seekOver.isEmpty ? "" : #", "seekOver": ""# + seekOver + #"""#
    let run = try await Self.run(server, ssai: ssai, actions: #"[{"at": 20, "do": "seek", "to": 70}]"#)
    #expect(run.code == 0, "\(run.errors)")
    #expect(Array(Self.times(run, "adbegin").dropFirst(2)) == begun)
    #expect(run.events("seeked").compactMap { $0["currentTime"] as? Double } == seeks)
    #expect(run.events("ended").first?["t"] as? Double == end)
  }

  @Test func seekingIntoABreakStartsItFromItsBeginning() async throws {
    let server = try Self.vodServer()
    let run = try await Self.run(server, actions: #"[{"at": 20, "do": "seek", "to": 35}]"#)
    #expect(run.code == 0, "\(run.errors)")
    #expect(run.events("seeked").compactMap { $0["currentTime"] as? Double } == [35, 30])
    #expect(Self.times(run, "adbegin").dropFirst(2).first == "mid1-1@20")
    #expect(Self.times(run, "adend").dropFirst(2).first == "mid1-1@30")
    #expect(run.events("ended").first?["t"] as? Double == 70)
  }

  @Test func aSeekDuringAnAdIsRefusedWhenConfigured() async throws {
    let server = try Self.vodServer()
    let run = try await Self.run(
      server, ssai: #", "seekDuringAd": "refuse""#, actions: #"[{"at": 3, "do": "seek", "to": 50}]"#)
    #expect(run.code == 0, "\(run.errors)")
    #expect(run.events("seeked").compactMap { $0["currentTime"] as? Double } == [50, 3])
    #expect(Self.times(run, "adend").first == "pre-1@10")
    #expect(run.errors.contains("seek to 50 s refused"))
    #expect(run.events("ended").first?["t"] as? Double == 80)
  }

  @Test func aWatchedBreakIsNotPlayedAgain() async throws {
    let server = try Self.vodServer()
    let run = try await Self.run(server, actions: #"[{"at": 45, "do": "seek", "to": 32}]"#)
    #expect(run.code == 0, "\(run.errors)")
    #expect(run.events("seeked").compactMap { $0["currentTime"] as? Double } == [32, 40])
    #expect(Self.times(run, "adbegin").filter { $0.hasPrefix("mid1-1") } == ["mid1-1@30"])
    #expect(server.beacons.filter { $0.hasPrefix("mid1-1/") }.count == 6)
    #expect(run.events("ended").first?["t"] as? Double == 85)
  }

  @Test func skippingIsAllowedPastTheSkipOffsetAndSeeksToTheAdsEnd() async throws {
    let server = try Self.vodServer()
    let run = try await Self.run(
      server, actions: #"[{"at": 3, "do": "skip"}, {"at": 6, "do": "skip"}, {"at": 7, "do": "skip"}]"#)
    #expect(run.code == 0, "\(run.errors)")
    #expect(
      run.events("action").compactMap { $0["result"] as? String } == ["not yet skippable", "not skippable"])
    let skip = try #require(run.events("adskip").first)
    #expect(skip["t"] as? Double == 6 && skip["playedPercentage"] as? Double == 0.6)
    #expect(run.events("seeked").compactMap { $0["currentTime"] as? Double } == [10])
    #expect(Self.times(run, "adbegin").prefix(2) == ["pre-1@0", "pre-2@6"])
    let pre1 = server.beacons.filter { $0.hasPrefix("pre-1/") }.sorted()
    #expect(pre1 == ["pre-1/firstQuartile", "pre-1/impression", "pre-1/midpoint", "pre-1/start"])
    #expect(run.events("ended").first?["t"] as? Double == 76)
  }

  @Test func aSessionThatFailsIsAFatalError() async throws {
    let server = try MediaTailorServer(playlists: [Self.vodPlaylist], tracking: [], sessionStatus: 500)
    let run = try await Self.run(server)
    #expect(run.code == 70)
    let error = try #require(run.events("error").first)
    #expect((error["message"] as? String)?.contains("MediaTailor session") == true)
    #expect((error["message"] as? String)?.contains("HTTP 500") == true)
    #expect(error["code"] as? Int == 10000)
    #expect(run.events("sourcechange").isEmpty && run.events("addadbreak").isEmpty)
    #expect(server.server.requests(for: "/v1/master/cfg/asset/index.m3u8").isEmpty)
  }

  @Test func aBadPolicyIsAFatalErrorNamingTheField() async throws {
    let server = try Self.vodServer()
    let run = try await Self.run(server, ssai: #", "seekOver": "first""#)
    #expect(run.code == 70)
    let message = run.events("error").first?["message"] as? String ?? ""
    #expect(message.contains(#"sources[0].ssai.seekOver: expected "none", "last" or "all", found "first""#))
    #expect(server.server.requests.isEmpty)
  }

  @Test func aBeaconThatFailsIsAnAdErrorAndTheContentPlays() async throws {
    let server = try Self.vodServer()
    server.server.fallback { request in
      if request.path == "/beacon/mid1-1/midpoint" { return .text("down", status: 503) }
      return request.path.hasPrefix("/beacon/") ? LoopbackResponse(status: 204) : .notFound
    }
    let run = try await Self.run(server)
    #expect(run.code == 0, "\(run.errors)")
    let errors = run.events("aderror")
    #expect(errors.count == 1)
    #expect(errors.first?["t"] as? Double == 35)
    #expect((errors.first?["message"] as? String)?.contains("midpoint beacon") == true)
    #expect((errors.first?["message"] as? String)?.contains("HTTP 503") == true)
    #expect(Self.times(run, "adend") == ["pre-1@10", "pre-2@15", "mid1-1@40", "mid2-1@65"])
    #expect(run.events("ended").first?["t"] as? Double == 80)
  }

  @Test func unreadableAvailsAndAdsAreAdErrorsAndTheRestPlays() async throws {
    let server = try Self.vodServer()
    let valid = server.tracking([Self.vodAvails[1]])
    let hostile = valid.replacingOccurrences(
      of: #"{"avails": ["#,
      with:
        #"{"avails": ["nonsense", {"availId": "no-times"}, {"availId": "odd", "startTimeInSeconds": 50, "durationInSeconds": 2, "ads": [7, {"adId": "neg", "startTimeInSeconds": 50, "durationInSeconds": 2, "skipOffset": "-4"}]}, "#
    )
    server.answerTracking([hostile])
    let run = try await Self.run(server)
    #expect(run.code == 0, "\(run.errors)")
    let errors = run.events("aderror").compactMap { $0["message"] as? String }
    #expect(errors.count == 3, "\(errors)")
    #expect(errors.first?.contains("avails[0] lacks availId") == true)
    #expect(errors.last?.contains(#"avail "odd": ads[0] lacks startTimeInSeconds"#) == true)
    #expect(Self.times(run, "adbegin") == ["mid1-1@30", "neg@50"])
    #expect(run.events("ended").first?["t"] as? Double == 80)
  }

  @Test func aTrackingAnswerThatIsNotJSONIsAnAdErrorAndTheContentPlays() async throws {
    let server = try Self.vodServer(tracking: ["<html>gateway timeout</html>"])
    let run = try await Self.run(server, more: ["--until", "30"])
    #expect(run.code == 0, "\(run.errors)")
    let errors = run.events("aderror").compactMap { $0["message"] as? String }
    #expect(!errors.isEmpty && errors.allSatisfy { $0.contains("not JSON") })
    // VOD polls again until an answer can be read: at 0, 5, …, 30.
    #expect(errors.count == 7 && server.pollCount == 7)
    #expect(run.events("adbegin").isEmpty)
    #expect(run.events("timeupdate").last?["currentTime"] as? Double == 30)
  }
}
