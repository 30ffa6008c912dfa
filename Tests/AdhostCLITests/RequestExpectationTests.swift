import Foundation
import LoopbackHTTP
import TestFiles
import Testing

/// `requests` and `noRequests` of `adhost test`: each kind of expectation passes on a run that
/// meets it and fails, saying why, on one that does not.
@Suite struct RequestExpectationTests {
  /// A plugin that POSTs a JSON session body (with an Authorization header, an api_key query
  /// parameter and a token member), POSTs a form with a password, and polls at 2 s and 4 s.
  static let plugin = """
    player.ads:registerServerSideIntegration("t", function(controller)
      return {
        setSource = function(source)
          local ssai = source.sources[1].ssai
          http.post(ssai.base .. "/session?api_key=k1&id=7",
            json.encode({ adsParams = { userSegment = ssai.segment, n = 5 }, token = "s3cret" }),
            { headers = { ["Content-Type"] = "application/json", Authorization = "Bearer abc",
              ["X-Client"] = "adhost/1" } })
          http.post(ssai.base .. "/form", "user=a+b&password=pw1",
            { headers = { ["Content-Type"] = "application/x-www-form-urlencoded" } })
          timer.after(2, function() http.get(ssai.base .. "/poll?n=1") end)
          timer.after(4, function() http.get(ssai.base .. "/poll?n=2") end)
          return true
        end,
      }
    end)
    """

  final class Fixture {
    let scratch: Scratch
    let server: LoopbackServer

    init() throws {
      scratch = try Scratch()
      server = try LoopbackServer()
      server.fallback { _ in LoopbackResponse(status: 200, body: Data("{}".utf8)) }
      _ = try scratch.write("plugin.lua", RequestExpectationTests.plugin)
    }

    deinit { server.stop() }

    var folder: String { scratch.folder.path }
    var base: String { server.baseURL.absoluteString.trimmingSuffix("/") }
    var host: String { server.baseURL.host.map { "\($0):\(server.baseURL.port ?? 0)" } ?? "" }

    /// Writes `name.scenario.json` with these members (the session's segment is "sports").
    @discardableResult
    func scenario(_ name: String, _ members: String) throws -> String {
      try scratch.write(
        "\(name).scenario.json",
        """
        {
          "plugin": "plugin.lua",
          "source": {"sources": [{"src": "https://cdn.example/c.m3u8",
            "ssai": {"integration": "t", "base": "\(base)", "segment": "sports"}}], "duration": 10},
          "allowHttp": true,
          \(members)
        }
        """)
    }

    /// Runs the one scenario `name` and returns its exit code and output.
    func run(_ name: String, _ members: String, _ options: [String] = []) async throws -> RunResult {
      let file = try scenario(name, members)
      return await adhost(["test", file] + options)
    }
  }

  @Test func everyKindPassesWhenMet() async throws {
    let fixture = try Fixture()
    let run = try await fixture.run(
      "met",
      """
      "requests": [
        {"method": "POST", "url": "\(fixture.base)/session?*", "query": {"id": "7"},
         "body": {"adsParams.userSegment": "sports", "$.adsParams.n": 5, "adsParams": {"userSegment": "sports", "n": 5.0}},
         "headers": {"content-type": "application/json", "X-Client": "adhost/*"}, "at": 0},
        {"method": "POST", "url": "*/form", "body": {"user": "a b"}},
        {"method": "GET", "url": "*/poll?n=*", "count": 2, "at": [2, 4], "after": 0},
        {"url": "*/poll?*", "atLeast": 1, "between": [3, 5]},
        {"url": "*/poll?n=1", "body": "*", "count": 0}
      ],
      "noRequests": [{"method": "DELETE"}, {"url": "*/poll?n=3"}]
      """)
    #expect(run.code == 0, "\(run.output)\(run.errors)")
  }

  func failure(_ fixture: Fixture, _ name: String, _ members: String) async throws -> String {
    let run = try await fixture.run(name, members)
    #expect(run.code == 1, "\(run.output)")
    return run.output.split(separator: "\n").first.map(String.init) ?? ""
  }

  @Test func aBodyFieldThatDiffersFailsNamingTheField() async throws {
    let fixture = try Fixture()
    let line = try await failure(
      fixture, "body",
      #""requests": [{"method": "POST", "url": "*/session?*", "body": {"adsParams.userSegment": "CHANGED"}}]"#
    )
    #expect(
      line.contains(
        "requests[0]: expected 1 request POST */session?* body adsParams.userSegment=\"CHANGED\", got none; "
          + "nearest POST: POST \(fixture.base)/session?api_key=[REDACTED]&id=7 at 0 s "
          + "(body adsParams.userSegment \"sports\")"), "\(line)")
    let number = try await failure(
      fixture, "number", #""requests": [{"url": "*/session?*", "body": {"adsParams.n": 6}}]"#)
    #expect(number.contains("(body adsParams.n 5)"), "\(number)")
    let missing = try await failure(
      fixture, "missing", #""requests": [{"url": "*/session?*", "body": {"adsParams.x[0]": 1}}]"#)
    #expect(missing.contains("(no body field adsParams.x[0])"), "\(missing)")
    let form = try await failure(fixture, "form", #""requests": [{"url": "*/form", "body": {"user": "c"}}]"#)
    #expect(form.contains("(body user \"a b\")"), "\(form)")
  }

  @Test func theNearestShowsUpToThreeOfTheSameMethodAndHost() async throws {
    let fixture = try Fixture()
    let line = try await failure(
      fixture, "near", #""requests": [{"method": "GET", "url": "\#(fixture.base)/poll?n=9", "at": 4}]"#)
    #expect(
      line.contains(
        "expected 1 request GET \(fixture.base)/poll?n=9 at 4 s, got none; nearest GET \(fixture.host): "
          + "GET \(fixture.base)/poll?n=1 at 2 s (URL \(fixture.base)/poll?n=1); "
          + "GET \(fixture.base)/poll?n=2 at 4 s (URL \(fixture.base)/poll?n=2)"), "\(line)")
    // The POSTs are of another method: not shown.
    #expect(!line.contains("POST"), "\(line)")
  }

  @Test func queryHeaderAndMethodMustMatch() async throws {
    let fixture = try Fixture()
    let query = try await failure(
      fixture, "query", #""requests": [{"url": "*/session?*", "query": {"id": "8"}}]"#)
    #expect(query.contains("(query id=7)"), "\(query)")
    let absent = try await failure(
      fixture, "absent", #""requests": [{"url": "*/session?*", "query": {"v": "*"}}]"#)
    #expect(absent.contains("(no query parameter v)"), "\(absent)")
    let header = try await failure(
      fixture, "header", #""requests": [{"url": "*/session?*", "headers": {"x-client": "other"}}]"#)
    #expect(header.contains("(header X-Client: adhost/1)"), "\(header)")
    let method = try await failure(
      fixture, "method", #""requests": [{"method": "PUT", "url": "*/session?*"}]"#)
    #expect(method.contains("expected 1 request PUT */session?*, got none"), "\(method)")
  }

  @Test func countTimeWindowAndOrderMustHold() async throws {
    let fixture = try Fixture()
    let count = try await failure(fixture, "count", #""requests": [{"url": "*/poll?*", "count": 3}]"#)
    #expect(
      count.contains(
        "expected 3 requests any method */poll?*, got 2: GET \(fixture.base)/poll?n=1 at 2 s; "
          + "GET \(fixture.base)/poll?n=2 at 4 s"), "\(count)")
    let atLeast = try await failure(fixture, "atleast", #""requests": [{"url": "*/poll?*", "atLeast": 3}]"#)
    #expect(atLeast.contains("expected at least 3 requests any method */poll?*, got 2: "), "\(atLeast)")
    let at = try await failure(fixture, "at", #""requests": [{"url": "*/poll?n=2", "at": 3}]"#)
    #expect(
      at.contains("expected request any method */poll?n=2 at 3 s, got GET \(fixture.base)/poll?n=2 at 4 s"),
      "\(at)")
    let window = try await failure(
      fixture, "window", #""requests": [{"url": "*/poll?n=1", "between": [3, 10]}]"#)
    #expect(
      window.contains("expected 1 request any method */poll?n=1 between 3 s and 10 s, got none; nearest: "),
      "\(window)")
    #expect(window.contains("GET \(fixture.base)/poll?n=1 at 2 s (outside the time window)"), "\(window)")
    let order = try await failure(
      fixture, "order", #""requests": [{"url": "*/poll?*", "count": 2}, {"url": "*/session?*", "after": 0}]"#)
    #expect(
      order.contains(
        "requests[1]: expected request any method */session?* after requests[0] "
          + "(GET \(fixture.base)/poll?n=2 at 4 s), got POST \(fixture.base)/session?api_key=[REDACTED]&id=7 at 0 s before it"
      ), "\(order)")
  }

  @Test func aRequestThatMustNotHappenFails() async throws {
    let fixture = try Fixture()
    let line = try await failure(fixture, "none", #""noRequests": [{"method": "GET", "url": "*/poll?n=2"}]"#)
    #expect(
      line.contains(
        "noRequests[0]: expected no request GET */poll?n=2, got GET \(fixture.base)/poll?n=2 at 4 s"),
      "\(line)")
  }

  @Test func badExpectationsAreRefusedWithTheirPath() async throws {
    let fixture = try Fixture()
    let path = try await failure(fixture, "path", #""requests": [{"url": "*", "body": {"a..b": 1}}]"#)
    #expect(
      path.contains("requests[0].body.a..b: expected a JSON path such as adsParams.userSegment"), "\(path)")
    let after = try await failure(fixture, "after", #""requests": [{"url": "*", "after": 0}]"#)
    #expect(
      after.contains("requests[0].after: expected the index of another expectation in requests"), "\(after)")
    let member = try await failure(fixture, "member", #""noRequests": [{"url": "*", "count": 1}]"#)
    #expect(member.contains("noRequests[0].count: unknown member"), "\(member)")
  }

  /// Secrets never reach the report or the JUnit file: the Authorization header, the token
  /// member of the JSON body, the password form field and the api_key query parameter.
  @Test func secretsAreRedactedInTheReportAndJUnit() async throws {
    let fixture = try Fixture()
    let report = fixture.scratch.folder.appendingPathComponent("report").path
    let junit = fixture.scratch.folder.appendingPathComponent("junit.xml").path
    let run = try await fixture.run(
      "secret", #""requests": [{"method": "POST", "body": {"token": "x"}, "count": 2}]"#,
      ["--report", report, "--junit", junit])
    #expect(run.code == 1)
    let pages = try FileManager.default.contentsOfDirectory(atPath: report).filter { $0 != "index.html" }
    let page = try String(contentsOfFile: report + "/" + (pages.first ?? ""), encoding: .utf8)
    let xml = try String(contentsOfFile: junit, encoding: .utf8)
    for text in [page, xml, run.output] {
      for secret in ["s3cret", "Bearer abc", "pw1", "k1"] { #expect(!text.contains(secret), "\(secret)") }
    }
    #expect(page.contains("[REDACTED]"))
    #expect(xml.contains("(body token &quot;[REDACTED]&quot;)"), "\(xml)")
    // The requests the failure concerns are marked in the table, and linked from above it.
    #expect(page.contains("class=\"unmet\" data-ad=\"\" data-type=\"request\""), "\(page)")
    #expect(page.contains("<strong class=\"unmet\">✕ requests[0]</strong>"))
    #expect(page.contains("\">row</a>) (<a href=\"#row-"))
  }
}

extension String {
  fileprivate func trimmingSuffix(_ suffix: String) -> String {
    hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
  }
}
