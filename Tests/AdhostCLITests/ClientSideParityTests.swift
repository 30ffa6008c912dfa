import Foundation
import TestFiles
import Testing

/// The built-in `csai` integration and plugins/vast.lua decide a VAST response alike (one plan,
/// VASTKit's, through `vast.plan`): the same breaks, ads, beacons and errors for every VAST
/// document of the examples and, when they are beside the checkout, of the shared VAST samples.
@Suite struct ClientSideParityTests {
  /// What a run decided, in the terms both paths share.
  struct Outcome: Equatable, CustomStringConvertible {
    var code: Int32
    var breaks: [String]
    var ads: [String]
    var beacons: [String]
    var errors: [String]

    init(_ run: RunResult) {
      code = run.code
      breaks = run.events("adbreakbegin").map { event in
        "\((event["adBreak"] as? [String: Any])?["timeOffset"] ?? "?")"
      }
      // The log names an ad's id, break and duration (its media file only through [ASSETURI]).
      ads = run.events("addad").map { event in
        let fields = event.filter { $0.key != "t" }
        let data = try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])
        return data.map { String(decoding: $0, as: UTF8.self) } ?? "\(fields)"
      }
      beacons = run.events("beacon").map { "\($0["event"] ?? "?") \($0["url"] ?? "?")" }
      // The two name the break in their own words; the VAST codes are the decision.
      errors = run.events("aderror").map { event in
        let message = "\(event["message"] ?? "")"
        let codes = message.matches(of: /VAST error (\d+)/).map { String($0.output.1) }
        return codes.isEmpty ? "aderror" : codes.joined(separator: ",")
      }
    }

    var description: String {
      "exit \(code)\nbreaks \(breaks)\nads \(ads)\nbeacons \(beacons.joined(separator: "\n  "))\nerrors \(errors)"
    }
  }

  static let vastPlugin = repositoryRoot.appendingPathComponent("plugins/vast.lua").path
  static let noPlugin = #"player.ads:registerServerSideIntegration("none", function() return {} end)"#

  /// Both runs start at this date: `[TIMESTAMP]` is it plus the virtual time, not the wall clock.
  static let startDate = "2026-12-01T00:00:00Z"

  /// Runs the document at `relativePath` of `folder` as a pre-roll both ways.
  static func outcomes(_ folder: URL, _ relativePath: String) async throws -> (csai: Outcome, plugin: Outcome)
  {
    let documents = try VASTDocumentServer(folder: folder)
    let scratch = try Scratch()
    let tag = documents.url(relativePath)
    let none = try scratch.write("none.lua", noPlugin)
    let csai = await adhost([
      "run", none,
      try scratch.source(
        duration: 10, ads: #"[{"sources": ""# + tag + #"", "type": "vast", "timeOffset": "start"}]"#),
      "--json", "--start-date", startDate,
    ])
    let plugin = await adhost([
      "run", vastPlugin,
      try scratch.source(
        duration: 10, ssai: #"{"integration": "vast", "breaks": [{"offset": 0, "tag": ""# + tag + #""}]}"#),
      "--json", "--start-date", startDate,
    ])
    return (Outcome(csai), Outcome(plugin))
  }

  /// The VAST documents under `folder` (not VMAP schedules, not recordings), relative paths.
  static func documents(under folder: URL) -> [String] {
    let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
    return files.filter { path in
      guard path.hasSuffix(".xml"), !path.contains("recording/"),
        let data = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path)
      else { return false }
      return !String(decoding: data.prefix(400), as: UTF8.self).contains("<vmap:VMAP")
    }.sorted()
  }

  static let examples = repositoryRoot.appendingPathComponent("examples")
  static let exampleDocuments: [(String, String)] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: examples.path)) ?? []
    return names.sorted().flatMap { name in
      documents(under: examples.appendingPathComponent(name)).map { (name, $0) }
    }
  }()

  @Test func theExamplesHaveVASTDocuments() {
    // The parity below must not pass by having nothing to compare.
    #expect(Self.exampleDocuments.count >= 8, "\(Self.exampleDocuments)")
  }

  @Test(arguments: exampleDocuments.map { "\($0.0)/\($0.1)" })
  func csaiAndTheVASTPluginPlayAnExampleAlike(_ document: String) async throws {
    let example = String(document.prefix { $0 != "/" })
    let (csai, plugin) = try await Self.outcomes(
      Self.examples.appendingPathComponent(example), String(document.dropFirst(example.count + 1)))
    #expect(csai == plugin, "csai:\n\(csai)\nvast.lua:\n\(plugin)")
    #expect(!csai.ads.isEmpty || !csai.errors.isEmpty, "\(document) neither played nor failed")
  }

  /// The shared VAST samples: `ADHOST_VAST_SAMPLES`, else `../shared/vast-samples` beside the
  /// checkout; nil when neither exists (a clone alone).
  static let samples: URL? = {
    let given = ProcessInfo.processInfo.environment["ADHOST_VAST_SAMPLES"].map { URL(fileURLWithPath: $0) }
    let beside = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/vast-samples")
    return [given, beside].compactMap { $0 }.first { FileManager.default.fileExists(atPath: $0.path) }
  }()

  @Test func csaiAndTheVASTPluginPlayEverySharedSampleAlike() async throws {
    guard let samples = Self.samples else {
      print("ClientSideParityTests: no VAST samples (ADHOST_VAST_SAMPLES or ../shared/vast-samples): skipped")
      return
    }
    let documents = Self.documents(under: samples).filter { !$0.hasPrefix("xsd/") }
    #expect(!documents.isEmpty, "no VAST document under \(samples.path)")
    var played = 0
    for document in documents {
      let (csai, plugin) = try await Self.outcomes(samples, document)
      #expect(csai == plugin, "\(document)\ncsai:\n\(csai)\nvast.lua:\n\(plugin)")
      if !csai.ads.isEmpty { played += 1 }
    }
    print(
      "ClientSideParityTests: \(documents.count) samples of \(samples.path), \(played) with ads, compared")
    #expect(played > 0, "no sample played an ad: the comparison compared nothing")
  }
}

/// The case the two paths decided differently before they shared one plan.
@Suite struct NoFittingMediaTests {
  static let document = """
    <VAST version="4.1">
    <Ad id="vpaid" sequence="1"><InLine><AdSystem>t</AdSystem><AdTitle>vpaid</AdTitle>
    <Error><![CDATA[https://ads.example/err?code=[ERRORCODE]&ad=vpaid]]></Error>
    <Impression><![CDATA[https://ads.example/t/impression?ad=vpaid]]></Impression>
    <Creatives><Creative><Linear><Duration>00:00:05</Duration><MediaFiles>
    <MediaFile delivery="progressive" type="application/javascript" apiFramework="VPAID" width="640" height="360"><![CDATA[https://ads.example/vpaid.js]]></MediaFile>
    </MediaFiles></Linear></Creative></Creatives></InLine></Ad>
    <Ad id="stand-in"><InLine><AdSystem>t</AdSystem><AdTitle>stand-in</AdTitle>
    <Error><![CDATA[https://ads.example/err?code=[ERRORCODE]&ad=stand-in]]></Error>
    <Impression><![CDATA[https://ads.example/t/impression?ad=stand-in]]></Impression>
    <Creatives><Creative><Linear><Duration>00:00:05</Duration><MediaFiles>
    <MediaFile delivery="progressive" type="video/mp4" width="640" height="360"><![CDATA[https://ads.example/stand-in.mp4]]></MediaFile>
    </MediaFiles></Linear></Creative></Creatives></InLine></Ad>
    </VAST>
    """

  /// IAB VAST 4.x error 403: the player fires the Error URLs with 403 and moves on, here to the
  /// stand-alone ad; `csai` used to create the VPAID ad with no media file and fire nothing.
  @Test func aPodAdWithNoFittingMediaIs403AndTheBuffetAdPlaysOnBothPaths() async throws {
    let scratch = try Scratch()
    _ = try scratch.write("pod.xml", Self.document)
    let (csai, plugin) = try await ClientSideParityTests.outcomes(scratch.folder, "pod.xml")
    #expect(csai == plugin, "csai:\n\(csai)\nvast.lua:\n\(plugin)")
    #expect(csai.ads.count == 1 && csai.ads[0].contains(#""id":"stand-in""#), "\(csai)")
    #expect(csai.errors == ["403"], "\(csai)")
    let errorBeacons = csai.beacons.filter { $0.hasPrefix("error ") }
    #expect(errorBeacons.count == 1 && errorBeacons[0].contains("code=403&ad=vpaid"), "\(csai)")
  }

  /// A VMAP break's VAST is planned like a tag's: 403 for the VPAID ad, the stand-in plays.
  @Test func aVMAPBreakIsPlannedLikeATag() async throws {
    let scratch = try Scratch()
    _ = try scratch.write("pod.xml", Self.document)
    _ = try scratch.write(
      "schedule.xml",
      """
      <vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0">
      <vmap:AdBreak timeOffset="start" breakType="linear" breakId="pre">
      <vmap:AdSource id="s" allowMultipleAds="true"><vmap:AdTagURI templateType="vast4"><![CDATA[pod.xml]]></vmap:AdTagURI>
      </vmap:AdSource></vmap:AdBreak></vmap:VMAP>
      """)
    let documents = try VASTDocumentServer(folder: scratch.folder)
    let none = try scratch.write("none.lua", ClientSideParityTests.noPlugin)
    let ads = #"[{"sources": ""# + documents.url("schedule.xml") + #"", "type": "vmap"}]"#
    let run = await adhost([
      "run", none, try scratch.source(duration: 10, ads: ads), "--json", "--start-date",
      ClientSideParityTests.startDate,
    ])
    let outcome = ClientSideParityTests.Outcome(run)
    #expect(outcome.ads.count == 1 && outcome.ads[0].contains(#""id":"stand-in""#), "\(outcome)")
    #expect(outcome.errors == ["403"], "\(outcome)")
    #expect(
      outcome.beacons.contains { $0.hasPrefix("error ") && $0.contains("code=403&ad=vpaid") }, "\(outcome)")
  }

  /// `vast.plan` as plugins/vast.lua reads it: the plays with their media files, the problems
  /// with their codes, and how many ads the response held.
  @Test func vastPlanGivesPlaysProblemsAndTheAdCount() async throws {
    let scratch = try Scratch()
    _ = try scratch.write("pod.xml", Self.document)
    let documents = try VASTDocumentServer(folder: scratch.folder)
    let run = try await runSetSource(
      """
      local plan = assert(vast.plan("\(documents.url("pod.xml"))", { width = 640, height = 360 }))
      local play, problem = plan.plays[1], plan.problems[1]
      log.warn(string.format("%d play: %s %s", #plan.plays, play.vast.id, play.media.type))
      log.warn(string.format("%d problem: %s %s %d %s", #plan.problems, problem.id, tostring(problem.sequence),
        problem.code, problem.message))
      log.warn(string.format("%d ads, chain %s", plan.adCount, problem.chain[1]))
      """, arguments: ["--json"])
    #expect(run.code == 0, "\(run.errors)")
    let lines = run.events("log").compactMap { $0["message"] as? String }
    #expect(lines.contains("1 play: stand-in video/mp4"), "\(lines) \(run.errors)")
    #expect(
      lines.contains { $0.hasPrefix(#"1 problem: vpaid 1 403 VAST ad "vpaid": no playable media file"#) },
      "\(lines) \(run.errors)")
    #expect(lines.contains("2 ads, chain " + documents.url("pod.xml")), "\(lines) \(run.errors)")
    let errorBeacons = run.events("beacon").compactMap { $0["url"] as? String }.filter { $0.contains("/err") }
    #expect(errorBeacons.count == 1 && errorBeacons[0].contains("code=403&ad=vpaid"), "\(errorBeacons)")
  }
}
