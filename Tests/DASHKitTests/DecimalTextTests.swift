import Testing

@testable import DASHKit

/// Whole numbers in MPD attributes: digits only, surrounding whitespace (as Foundation's
/// `.whitespaces` has it) allowed, 64 bits at most; the bare-digits path and the trimming one agree.
@Suite struct DecimalTextTests {
  @Test func wholeNumbersReadWithOrWithoutSurroundingSpace() {
    let cases: [(String, UInt64?)] = [
      ("12", 12), (" 12 ", 12), ("\u{A0}7\t", 7), ("0", 0), ("18446744073709551615", UInt64.max),
      ("18446744073709551616", nil), ("1 2", nil), ("", nil), (" ", nil), ("+1", nil), ("0x10", nil),
      ("1\u{301}", nil), ("١٢", nil), ("12\n", nil),
    ]
    for (text, expected) in cases {
      #expect(DecimalText.unsigned(text) == expected, "\(text.debugDescription)")
    }
  }
}
