import Testing

@testable import OutsideText

/// The fixed-layout reading of a date-time gives what the general reader gives, for every text it
/// reads; what it does not read is left to the general reader.
@Suite struct ISO8601LayoutTests {
  static func layout(_ text: String) -> Double? {
    var text = text
    return text.withUTF8 { ISO8601Layout.seconds(UnsafeRawBufferPointer($0)) }
  }

  static func general(_ text: String) -> Double? {
    var text = text
    return text.withUTF8 { ISO8601.generalSeconds(UnsafeRawBufferPointer($0), missingZone: .refused) }
  }

  /// Years around leap years and centuries, every month's last days and the ones after, the
  /// first and last second of a day (and a leap second), fractions of many lengths, zones.
  static var texts: [String] {
    var texts: [String] = []
    let years = [
      "0000", "1900", "1969", "1970", "1999", "2000", "2023", "2024", "2026", "2100", "2400", "9999",
    ]
    let days = ["01", "28", "29", "30", "31", "32", "00"]
    let times = ["00:00:00", "23:59:59", "23:59:60", "12:34:56", "24:00:00", "12:60:00", "12:00:61"]
    let fractions = ["", ".0", ".5", ".000", ".123", ".999", ".1234567", ".000000001", "."]
    let zones = ["Z", "+00:00", "+02:00", "-05:30", "+23:59", "+24:00", "-00:60", "+0200", "+02", "z", ""]
    for year in years {
      for month in ["01", "02", "04", "12", "13", "00"] {
        for day in days {
          texts.append("\(year)-\(month)-\(day)T12:00:00.000Z")
        }
      }
    }
    for time in times {
      for fraction in fractions {
        for zone in zones { texts.append("2024-02-29T\(time)\(fraction)\(zone)") }
      }
    }
    texts += [
      "2026-11-29t12:00:00Z", "2026-11-29 12:00:00Z", "2026-11-29T12:00:00Zjunk", "2026-11-29T12:00:00.00xZ",
      "2026-11-29T1a:00:00Z", "-026-11-29T12:00:00Z", "2026/11/29T12:00:00Z", "2026-11-29T12:00:00+02:0",
      "2026-11-29T12:00:00+02:000", "2026-11-29T12:00:00+0a:00", "2026-11-29T12:00:00.5+02:00",
      "2026-11-29T12:00:00", "2026-11-29T12:00:0Z", "", "Z",
    ]
    return texts
  }

  /// Each byte of the date and time (read as three words) replaced by every byte value: the
  /// fixed layout reads only what the general reader reads, to the same seconds.
  @Test func everyByteOfTheDateAndTimeIsCheckedAsTheGeneralReaderChecksIt() {
    let text = Array("2024-02-29T12:34:56.789+02:00".utf8)
    var read = 0
    for place in 0..<19 {
      for byte in UInt8.min...UInt8.max {
        var changed = text
        changed[place] = byte
        let (layout, general) = changed.withUnsafeBytes {
          (ISO8601Layout.seconds($0), ISO8601.generalSeconds($0, missingZone: .refused))
        }
        if let layout {
          read += 1
          #expect(general == layout, "\(changed)")
        } else if byte != UInt8(ascii: "t") {
          #expect(general == nil, "\(changed)")
        }
      }
    }
    // The digits of each place (those that keep the date valid, at least).
    #expect(read > 19 * 3)
  }

  @Test func theFixedLayoutReadsAsTheGeneralReader() {
    var read = 0
    for text in Self.texts {
      guard let seconds = Self.layout(text) else { continue }
      read += 1
      #expect(Self.general(text) == seconds, "\(text)")
      #expect(ISO8601.seconds(text) == seconds, "\(text)")
    }
    // Most of them take the fixed layout; the rest went to the general reader.
    #expect(read > Self.texts.count / 4)
  }

  @Test func whatTheFixedLayoutLeavesTheGeneralReaderReads() {
    for text in Self.texts where Self.layout(text) == nil {
      #expect(ISO8601.seconds(text) == Self.general(text), "\(text)")
    }
    #expect(Self.layout("2026-11-29t12:00:00Z") == nil)
    #expect(ISO8601.seconds("2026-11-29t12:00:00Z") == 1_795_953_600)
    #expect(Self.layout("2026-11-29T14:00:00+0200") == nil)
    #expect(ISO8601.seconds("2026-11-29T14:00:00+0200") == 1_795_953_600)
  }

  @Test func leapDaysAndBadDaysAreReadAsBefore() {
    #expect(Self.layout("2024-02-29T00:00:00Z") == 1_709_164_800)
    // Only 1 to 31 is checked: February 30 of a leap year is March 1.
    #expect(Self.layout("2024-02-30T00:00:00Z") == 1_709_251_200)
    #expect(Self.layout("2023-02-29T00:00:00Z") == Self.layout("2023-03-01T00:00:00Z"))
    #expect(Self.layout("2024-02-32T00:00:00Z") == nil)
    #expect(Self.layout("2024-02-00T00:00:00Z") == nil)
    #expect(Self.layout("2026-11-29T14:00:00.250+02:00") == 1_795_953_600.25)
  }
}
