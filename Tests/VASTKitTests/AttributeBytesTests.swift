import Foundation
import Testing

@testable import VASTKit

/// The attribute readers that work on bytes (no `String` made) answer what the `String` readers
/// they stand in for answered, on the values where the two could part: white space that joins
/// other bytes into one `Character`, signs, leading zeros, long digit runs, odd spellings.
@Suite struct AttributeBytesTests {
  static let values = [
    "", " ", "5", " 5 ", "0640", "+640", "-0", "-640", "640px", "9223372036854775807", "99999999999999999999",
    "123456789012345678", "\t\nstart\r\n", "\r\nstart", "start\r\n", " \u{301}x", "x \u{301}", "é ", " é",
    "a b", "true", "TRUE", "True", "tRUE", " true", "1", "0", "false", "FALSE", "False", "no", "yes",
  ]

  /// An attribute list holding `value` as `version`.
  static func attributes(_ value: String) -> AttributeBytes<XMLName> {
    var attributes = AttributeBytes<XMLName>()
    let bytes = Array(value.utf8) + [0]
    bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      attributes.append(.version, base, base + value.utf8.count)
    }
    return attributes
  }

  @Test func trimmedValuesAreTheStringsTrimmed() {
    for value in Self.values {
      let attributes = Self.attributes(value)
      #expect(attributes.trimmedValue(.version) == value.trimmingWhitespace(), "\(Array(value.utf8))")
      #expect(attributes.value(.version) == value)
      #expect(attributes.trimmedValue(.id) == nil)
    }
  }

  @Test func plainNumbersAreWhatIntReads() {
    for value in Self.values {
      switch Self.attributes(value).plainInteger(.version) {
      case .value(let number): #expect(Int(value) == number, "\(value)")
      case .other:
        // Left to `Int(String)`: empty, not plain digits, or too long to read without overflow.
        #expect(value.isEmpty || value.utf8.contains { !(0x30...0x39).contains($0) } || value.utf8.count > 18)
      case .absent: Issue.record("'\(value)' read as absent")
      }
    }
    guard case .absent = Self.attributes("5").plainInteger(.width) else {
      Issue.record("a missing attribute read as present")
      return
    }
  }

  @Test func plainBooleansAreWhatTheTextReads() {
    let spelled = ["true": true, "1": true, "TRUE": true, "True": true, "false": false, "0": false]
      .merging(["FALSE": false, "False": false]) { first, _ in first }
    for value in Self.values {
      switch Self.attributes(value).plainBool(.version) {
      case .value(let flag): #expect(spelled[value] == flag, "\(value)")
      case .other: #expect(spelled[value] == nil, "\(value)")
      case .absent: Issue.record("'\(value)' read as absent")
      }
    }
  }

  /// Through the parser: sizes written with a sign, zeros or spaces read as before, bad ones
  /// are issues as before.
  @Test func mediaFileNumbersReadAsBefore() throws {
    let document = try VASTParser.parse(
      NumericSafetyTests.document(
        """
        <MediaFile delivery="progressive" type="video/mp4" width=" 640 " height="+360" bitrate="0800"
          scalable="True" maintainAspectRatio=" false ">https://m/a.mp4</MediaFile>
        <MediaFile delivery="progressive" type="video/mp4" width="640px" height="360" scalable="maybe">https://m/b.mp4</MediaFile>
        """))
    let files = try #require(document.ads.first?.linear?.mediaFiles)
    #expect(files.map(\.width) == [640, nil])
    #expect(files.map(\.height) == [360, 360])
    #expect(files[0].bitrate == 800)
    #expect(files.map(\.scalable) == [true, nil])
    #expect(files[0].maintainAspectRatio == false)
    let messages = document.issues.map(\.message)
    #expect(messages.contains("MediaFile width '640px' is not a whole number from 0 to 2147483647"))
    #expect(messages.contains("MediaFile scalable 'maybe' is not true or false"))
  }

  /// A name given twice (two prefixes on one local name) is read with its first value, and an
  /// emptied list answers none of the names it held.
  @Test func theFirstOfTwoValuesIsReadAndAnEmptiedListHasNone() {
    var attributes = AttributeBytes<XMLName>()
    let bytes = Array("640360".utf8)
    bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      attributes.append(.width, base, base + 3)
      attributes.append(.height, base + 3, base + 6)
      attributes.append(.width, base + 3, base + 6)
    }
    #expect(attributes.value(.width) == "640")
    #expect(attributes.value(.height) == "360")
    attributes.removeAll()
    #expect(attributes.isEmpty)
    #expect(attributes.value(.width) == nil)
    #expect(attributes.value(.height) == nil)
  }
}
