import Foundation
import LoopbackHTTP
import MediaWriter
import OutsideText
import TestFiles
import Testing

/// Secrets stay out of every output (docs/http.md "Secrets"): every name on the list is planted,
/// in every place a credential reaches a run — a beacon's URL, segment URLs (one that fails),
/// request URLs (a percent-encoded name, a user info's password, a fragment), request header
/// fields, JSON and form bodies, response header fields, a refused redirect's target, a plugin's
/// log line — and no output of a run or of `adhost test` (the readable and JSON logs, standard
/// error, `--report`, the recording, JUnit, the test report) holds any of the values. What is
/// sent keeps them, and the recording still replays.
@Suite(.serialized) struct SecretEverywhereTests {
  /// Every name of the default list, in order: the value planted for the Nth is `SECRET…N`.
  static let names = SecretRedaction.defaultNames.sorted()

  /// `NAME=SECRET<place><N>&…` for every name.
  static func fields(_ place: String) -> String {
    names.enumerated().map { "\($1)=SECRET\(place)\($0)" }.joined(separator: "&")
  }

  /// A Lua table of every name to `SECRET<place><N>`.
  static func table(_ place: String) -> String {
    "{ " + names.enumerated().map { "[\"\($1)\"] = \"SECRET\(place)\($0)\"" }.joined(separator: ", ") + " }"
  }

  static func plugin(_ base: String, port: UInt16) -> String {
    """
    player.ads:registerServerSideIntegration("inband", function()
      timer.after(1, function()
        local base = "\(base)"
        beacon.send({ base .. "/b?n=1&\(fields("Q"))" }, "impression")
        pcall(http.get, base .. "/a?api%5Fkey=SECRETENCODED")
        pcall(http.get, "http://user:SECRETUSERINFO@127.0.0.1:\(port)/a")
        pcall(http.get, base .. "/cookie")
        pcall(http.get, base .. "/redir?token=x")
        pcall(http.get, base .. "/a#access_token=SECRETFRAGMENT")
        pcall(http.get, base .. "/h", { headers = \(table("H")) })
        pcall(http.post, base .. "/j", json.encode({ outer = \(table("J")) }),
          { headers = { ["Content-Type"] = "application/json" } })
        pcall(http.post, base .. "/f", "\(fields("F"))",
          { headers = { ["Content-Type"] = "application/x-www-form-urlencoded" } })
        log.warn("fetching " .. base .. "/a?session_token=SECRETLOG")
      end)
      return {}
    end)
    """
  }

  /// The server: a playlist whose segments carry secrets (the third is missing), and answers
  /// with secret response header fields and a redirect to a refused scheme.
  static func server() throws -> LoopbackServer {
    let server = try LoopbackServer()
    let playlist = """
      #EXTM3U
      #EXT-X-VERSION:3
      #EXT-X-TARGETDURATION:6
      #EXTINF:6.0,
      s0.ts?token=SECRETSEGMENT0
      #EXTINF:6.0,
      s1.ts?password=SECRETSEGMENT1
      #EXTINF:6.0,
      s2.ts?api_key=SECRETSEGMENT2
      #EXT-X-ENDLIST

      """
    server.route("/media.m3u8") { _ in .text(playlist, type: "application/vnd.apple.mpegurl") }
    for index in 0..<2 {
      var writer = TSWriter()
      writer.video(pts: UInt64(10 + 6 * index) * 90_000)
      let bytes = Data(writer.bytes)
      server.route("/s\(index).ts") { _ in
        LoopbackResponse(headers: [("Content-Type", "video/mp2t")], body: bytes)
      }
    }
    server.route("/cookie") { _ in
      LoopbackResponse(
        headers: [
          ("Set-Cookie", "sid=SECRETSETCOOKIE"), ("X-Auth-Token", "SECRETAUTHHEADER"),
          ("Authorization", "Bearer SECRETRESPONSEAUTH"), ("Link", "<http://x/?token=SECRETLINK>"),
        ], body: Data("ok".utf8))
    }
    server.route("/redir") { _ in .redirect(to: "ftp://127.0.0.1/x?token=SECRETREDIRECT") }
    server.fallback { _ in .text("ok") }
    return server
  }

  /// The file at `path`, or every file under the folder at `path`, as text.
  static func allText(_ path: String) -> String {
    let files = FileManager.default.enumerator(atPath: path)
    var text = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } ?? ""
    while let name = files?.nextObject() as? String {
      guard let data = FileManager.default.contents(atPath: path + "/" + name) else { continue }
      text += String(decoding: data, as: UTF8.self) + "\n"
    }
    return text
  }

  @Test func noOutputOfARunOrOfATestHoldsASecret() async throws {
    let scratch = try Scratch()
    try FileManager.default.createDirectory(
      at: scratch.folder.appendingPathComponent("t"), withIntermediateDirectories: true)
    let server = try Self.server()
    defer { server.stop() }
    let base = "http://127.0.0.1:\(server.port)"
    let plugin = try scratch.write("t/plugin.lua", Self.plugin(base, port: server.port))
    let source =
      #"{"sources": {"src": "\#(base)/media.m3u8", "type": "application/x-mpegurl", "ssai": {"integration": "inband"}}}"#
    let sourceFile = try scratch.write("source.json", source)
    _ = try scratch.write(
      "t/s.scenario.json",
      #"{"plugin": "plugin.lua", "source": \#(source), "beacons": [{"event": "impression", "count": 2}], "#
        + #""requests": [{"method": "POST", "url": "*/j", "body": {"outer": {"token": "x"}}}]}"#)
    let folder = scratch.folder.path

    var outputs: [(String, String)] = []
    let json = await adhost(["run", plugin, sourceFile, "--json"])
    outputs += [("run --json", json.output + json.errors)]
    let text = await adhost(["run", plugin, sourceFile, "--report", folder + "/run.html"])
    outputs += [("run", text.output + text.errors), ("run --report", Self.allText(folder + "/run.html"))]
    let recorded = await adhost(["run", plugin, sourceFile, "--record", folder + "/rec", "--json"])
    // Response bodies are kept as the server sent them (the playlist names its segments' URLs).
    let index = Self.allText(folder + "/rec/index.json")
    let bodies = try FileManager.default.contentsOfDirectory(atPath: folder + "/rec/bodies")
    outputs += [
      ("run --record", recorded.output + recorded.errors), ("recording", index),
      ("recording's files", bodies.joined(separator: " ")),
    ]
    let test = await adhost([
      "test", folder + "/t", "--junit", folder + "/junit.xml", "--report", folder + "/testreport",
    ])
    #expect(test.code == 1)
    outputs += [
      ("test", test.output + test.errors), ("JUnit", Self.allText(folder + "/junit.xml")),
      ("test --report", Self.allText(folder + "/testreport")),
    ]
    let testJSON = await adhost(["test", folder + "/t", "--json"])
    outputs += [("test --json", testJSON.output + testJSON.errors)]

    for (name, output) in outputs {
      #expect(!output.isEmpty, "\(name)")
      let leaked = Set(output.matches(of: /SECRET[A-Z]*[0-9]*/).map { String($0.output) })
      #expect(leaked.isEmpty, "\(name) holds \(leaked.sorted())")
    }
    // The places were reached: each is redacted, not missing.
    for expected in [
      "/b?n=1&access_token=[REDACTED]", "s0.ts?token=[REDACTED]", "s2.ts?api_key=[REDACTED]",
      "/a?session_token=[REDACTED]",
    ] {
      #expect(json.output.contains(expected), "\(expected)")
    }
    for expected in [
      "user:%5BREDACTED%5D@", "api%5Fkey=%5BREDACTED%5D", "#access_token=%5BREDACTED%5D",
      "\"set-cookie\" : \"[REDACTED]\"", "x?token=%5BREDACTED%5D", "\"authorization\" : \"[REDACTED]\"",
      "client_secret=[REDACTED]",
    ] {
      #expect(index.lowercased().contains(expected.lowercased()), "\(expected)")
    }
    #expect(test.output.contains("auth_token=[REDACTED]"), "\(test.output)")
    let junit = Self.allText(folder + "/junit.xml")
    #expect(junit.contains("(body outer {&quot;access_token&quot;:&quot;[REDACTED]&quot;,"), "\(junit)")

    // What is sent keeps its secrets.
    let sent = server.requests.map(\.target)
    #expect(sent.contains { $0.contains("auth_token=SECRETQ") })
    #expect(sent.contains { $0.hasPrefix("/s0.ts?token=SECRETSEGMENT0") })

    // The recording replays: every request is answered as recorded.
    let replay = await adhost(["run", plugin, sourceFile, "--offline", folder + "/rec", "--json"])
    #expect(replay.code == recorded.code, "\(replay.errors)")
    #expect(!replay.output.contains("offline-unmatched"), "\(replay.output)")
  }
}
