import Foundation
import TestFiles
import Testing

/// Ad data holding terminal controls (an ad id, an `aderror` message, a `log` line from an SSAI
/// server's JSON) reaches the terminal escaped in every readable line and message — no title
/// set, no screen cleared, no fake line — while `--json` keeps it exact (issue 26, reproducer 12).
@Suite struct TerminalControlTests {
  /// Title, clear screen, a red fake verdict, NUL; then a line feed that would start a fake line.
  static let evil = "\u{1B}]0;title set by an ad\u{07}\u{1B}[2J\u{1B}[31mFAKE: all tests passed\u{1B}[0m\u{0}"
  static let evilLua = #"\27]0;title set by an ad\7\27[2J\27[31mFAKE: all tests passed\27[0m\0"#
  static let body = """
    local evil = "\(evilLua)"
    log.warn(evil .. "\\nFAKE: a line of its own")
    print(evil)
    local b = controller:createAdBreak({ timeOffset = 1 })
    controller:createAd({ type = "linear", duration = 1, id = evil }, b)
    controller:error(evil)
    """

  /// Whether `text` holds a control character other than tab and line feed.
  static func hasControls(_ text: String) -> Bool {
    text.unicodeScalars.contains {
      ($0.value < 0x20 && $0 != "\t" && $0 != "\n") || (0x7F...0x9F).contains($0.value)
    }
  }

  @Test func readableOutputAndMessagesShowControlsEscaped() async throws {
    let run = try await runSetSource(Self.body)
    #expect(!Self.hasControls(run.output), "\(run.output.debugDescription)")
    #expect(!Self.hasControls(run.errors), "\(run.errors.debugDescription)")
    let escaped = #"\x1b]0;title set by an ad\x07\x1b[2J\x1b[31mFAKE: all tests passed\x1b[0m\x00"#
    #expect(run.output.contains("addad  ad=\(escaped)"), "\(run.output)")
    #expect(run.output.contains("aderror  message=\(escaped)"), "\(run.output)")
    #expect(run.errors.contains(#"warn: \#(escaped)\x0aFAKE: a line of its own"#), "\(run.errors)")
    #expect(!run.errors.split(separator: "\n").contains { $0.hasPrefix("FAKE") }, "\(run.errors)")
  }

  @Test func aFailingSetSourceMessageStaysOneLine() async throws {
    let run = try await runSetSource(#"error("refused\27[2J\nFAKE: all tests passed")"#)
    #expect(run.code == 70)
    #expect(!Self.hasControls(run.errors), "\(run.errors.debugDescription)")
    #expect(run.errors.contains(#"refused\x1b[2J\x0aFAKE: all tests passed"#), "\(run.errors)")
    #expect(!run.errors.split(separator: "\n").contains { $0.hasPrefix("FAKE") }, "\(run.errors)")
    #expect(run.errors.contains("stack traceback:\n"), "\(run.errors)")
  }

  @Test func jsonKeepsTheDataExact() async throws {
    let run = try await runSetSource(Self.body, arguments: ["--json"])
    let added = try #require(run.events("addad").first?["ad"] as? [String: Any])
    #expect(added["id"] as? String == Self.evil)
    #expect(run.events("aderror").first?["message"] as? String == Self.evil)
    #expect(!Self.hasControls(run.errors), "\(run.errors.debugDescription)")
  }

  @Test func aScenarioFailureShowsTheControlsEscaped() async throws {
    let scratch = try Scratch()
    let plugin = try scratch.write(
      "plugin.lua",
      """
      player.ads:registerServerSideIntegration("test", function(controller)
        return { setSource = function()
          \(Self.body)
          return true
        end }
      end)
      """)
    let scenario = try scratch.write(
      "evil.scenario.json",
      #"{"plugin": ""# + plugin
        + #"", "source": {"sources": [{"src": "https://cdn.example/c.mp4", "ssai": {"integration": "test"}}], "duration": 5}, "strict": false}"#
    )
    let run = await adhost(["test", scenario])
    #expect(run.code != 0)
    #expect(run.output.contains(#"FAIL \#(scenario): "#), "\(run.output)")
    #expect(run.output.contains(#"\x1b[2J"#), "\(run.output)")
    #expect(!Self.hasControls(run.output), "\(run.output.debugDescription)")
  }
}
