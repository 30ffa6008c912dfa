import OutsideText
import Testing

/// The one escaper of outside text printed for people: control characters visible, tab kept.
@Suite struct TerminalEscapeTests {
  @Test func plainTextIsUnchanged() {
    for text in ["", "adbegin", "ad=pod-1  break@0", "héllo — ✓ 日本", "tab\there", "back\\slash"] {
      #expect(TerminalEscape.line(text) == text)
      #expect(TerminalEscape.lines(text) == text)
    }
  }

  @Test func controlCharactersAreShownEscaped() {
    let evil = "\u{1B}]0;title\u{07}\u{1B}[2J\u{1B}[31mFAKE\u{1B}[0m\u{0}"
    #expect(TerminalEscape.line(evil) == #"\x1b]0;title\x07\x1b[2J\x1b[31mFAKE\x1b[0m\x00"#)
    #expect(TerminalEscape.line("a\rb\u{7F}c") == #"a\x0db\x7fc"#)
    // C1 controls (U+009B is a CSI on some terminals).
    #expect(TerminalEscape.line("x\u{9B}2Jy\u{85}") == #"x\u{9b}2Jy\u{85}"#)
  }

  @Test func lineFeedsAreEscapedInOneLineAndKeptInSeveral() {
    #expect(TerminalEscape.line("ok\nFAKE: all tests passed") == #"ok\x0aFAKE: all tests passed"#)
    #expect(
      TerminalEscape.lines("error\nstack traceback:\n\tx.lua:1") == "error\nstack traceback:\n\tx.lua:1")
    #expect(TerminalEscape.lines("a\r\nb\u{1B}") == #"a\x0d"# + "\nb" + #"\x1b"#)
  }

  @Test func noEscapedOutputHoldsAControlCharacter() {
    var text = ""
    for value in UInt8.min...UInt8.max { text.unicodeScalars.append(Unicode.Scalar(value)) }
    for escaped in [TerminalEscape.line(text), TerminalEscape.lines(text)] {
      let controls = escaped.unicodeScalars.filter {
        ($0.value < 0x20 && $0 != "\t" && $0 != "\n") || (0x7F...0x9F).contains($0.value)
      }
      #expect(controls.isEmpty)
    }
    #expect(!TerminalEscape.line(text).contains("\n"))
  }
}
