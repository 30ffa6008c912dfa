import AdPlayer
import Foundation
import PlayerSeam
import Testing

/// Decoding and re-encoding the source model.
@Suite struct SourceModelTests {
  @Test func theWebFormDecodesAndKeepsUnknownFieldsInOrder() throws {
    let text =
      #"{"sources":{"src":"https://e.com/a.m3u8","type":"application/x-mpegurl","ssai":{"integration":"mediatailor","placement":"pre","ids":[1,2]},"label":"main"},"poster":"p.jpg","ads":[{"sources":"https://ads/vast.xml","timeOffset":"00:01:30.5","integration":"csai","extra":null}]}"#
    let source = try SourceDescription(jsonText: text)
    let typed = try #require(source.sources.first)
    #expect(typed.src == "https://e.com/a.m3u8")
    #expect(typed.type == "application/x-mpegurl")
    #expect(typed.ssai?.integrationId == "mediatailor")
    #expect(typed.ssai?["placement"] == .string("pre"))
    #expect(typed.otherFields["label"] == .string("main"))
    #expect(source.otherFields.keys == ["poster"])
    #expect(source.ads.first?.timeOffset == .seconds(90.5))
    #expect(source.ads.first?.sources == "https://ads/vast.xml")
    #expect(source.integrationIds == ["mediatailor"])
    #expect(
      source.json.jsonText
        == #"{"sources":[{"src":"https://e.com/a.m3u8","type":"application/x-mpegurl","ssai":{"integration":"mediatailor","placement":"pre","ids":[1,2]},"label":"main"}],"ads":[{"sources":"https://ads/vast.xml","timeOffset":90.5,"integration":"csai","extra":null}],"poster":"p.jpg"}"#
    )
    #expect(try SourceDescription(json: source.json) == source)
  }

  @Test func theIOSFormNamesTheCustomIntegration() throws {
    let source = try SourceDescription(
      jsonText:
        #"{"sources":[{"src":"a"},{"src":"b","ssai":{"integration":"custom","customIntegration":"yospace","streamType":"live"}}]}"#
    )
    #expect(source.sources.count == 2)
    #expect(source.integrationIds == ["yospace"])
    #expect(source.sources[1].ssai?.otherFields["streamType"] == .string("live"))
  }

  @Test(arguments: [
    (#"[]"#, "expected an object, found an array"),
    (
      #"{"sources":[{"src":"a","ssai":{"integration":3}}]}"#,
      "sources[0].ssai.integration: expected a string, found a number"
    ),
    (#"{"sources":[{"src":"a","ssai":{}}]}"#, "sources[0].ssai.integration: expected a string"),
    (
      #"{"sources":{"src":"a","ssai":{"integration":"custom"}}}"#,
      "sources.ssai.customIntegration: expected a string"
    ),
    (#"{"sources":[{"src":"a"},{"src":true}]}"#, "sources[1].src: expected a string, found a Boolean"),
    (#"{"sources":["a"]}"#, "sources[0]: expected an object, found a string"),
    (#"{"sources":[],"ads":{}}"#, "ads: expected an array, found an object"),
    (
      #"{"sources":[],"ads":[{"sources":"v","timeOffset":"soon"}]}"#,
      #"ads[0].timeOffset: expected "start", "end", seconds, "HH:MM:SS(.mmm)" or "N%""#
    ),
    (#"{"sources":[],"ads":[{"sources":{"url":"v"}}]}"#, "ads[0].sources.src: expected a string"),
    (
      #"{"sources":[],"ads":[{"sources":4}]}"#,
      "ads[0].sources: expected a string or an object with src, found a number"
    ),
    (#"{"sources":"#, "JSON syntax error at byte 11: expected a value, found the end of the text"),
  ])
  func badInputNamesThePathAndTheExpectation(text: String, message: String) {
    let error = #expect(throws: ModelDecodingError.self) { try SourceDescription(jsonText: text) }
    #expect(error?.description == message)
  }

  @Test(arguments: [
    (JSONValue.string("start"), AdTimeOffset.start),
    (.string("end"), .end),
    (.number(12.5), .seconds(12.5)),
    (.string("01:02:03"), .seconds(3723)),
    (.string("00:00:07.250"), .seconds(7.25)),
    (.string("25%"), .percentage(25)),
  ])
  func timeOffsetsTakeEveryForm(json: JSONValue, expected: AdTimeOffset) throws {
    #expect(try AdTimeOffset(json: json, path: "t") == expected)
  }

  @Test(arguments: [
    JSONValue.number(-1), .string("1:2"), .string("00:61:00"), .string("150%"), .string("-5%"), .bool(true),
    .string("99999999999999999:00:00"), .string("00:00:+5"),
  ])
  func badTimeOffsetsAreRejected(json: JSONValue) {
    #expect(throws: ModelDecodingError.self) { try AdTimeOffset(json: json, path: "t") }
  }

  @Test func timeOffsetsResolveAgainstTheContentDuration() {
    #expect(AdTimeOffset.end.seconds(contentDuration: 600) == 600)
    #expect(AdTimeOffset.percentage(50).seconds(contentDuration: 600) == 300)
    #expect(AdTimeOffset.percentage(50).seconds(contentDuration: nil) == nil)
    #expect(AdTimeOffset.percentage(12.5).json == .string("12.5%"))
  }
}

/// The JSON value type: parsing, writing, Codable.
@Suite struct JSONValueTests {
  @Test func parsingAndWritingRoundTripInOrder() throws {
    let text =
      #"{"z":1,"a":[true,false,null,-2.5e3,"\u00e9\n\"q\"",{}],"m":{"k":"v"},"big":12345678901,"f":0.1}"#
    let value = try JSONValue.parse(text)
    #expect(value.objectValue?.keys == ["z", "a", "m", "big", "f"])
    #expect(value["a"]?.arrayValue?[3] == .number(-2500))
    #expect(value["a"]?.arrayValue?[4] == .string("é\n\"q\""))
    #expect(
      value.jsonText
        == #"{"z":1,"a":[true,false,null,-2500,"é\n\"q\"",{}],"m":{"k":"v"},"big":12345678901,"f":0.1}"#)
    #expect(try JSONValue.parse(value.jsonText) == value)
  }

  @Test func surrogatePairsDecode() throws {
    #expect(try JSONValue.parse(#""\ud83d\ude00""#) == .string("😀"))
  }

  @Test(arguments: [
    ("", 0), ("{", 1), (#"{"a" 1}"#, 5), ("[1,]", 3), ("01", 1), ("tru", 3), (#""\x""#, 3), ("1 2", 2),
    ("1e999", 0),
  ])
  func syntaxErrorsSayWhere(text: String, offset: Int) {
    let error = #expect(throws: JSONSyntaxError.self) { try JSONValue.parse(text) }
    #expect(error?.offset == offset)
  }

  @Test func deepNestingIsAnErrorNotACrash() {
    let text = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
    #expect(throws: JSONSyntaxError.self) { try JSONValue.parse(text) }
  }

  @Test func codableRoundTrip() throws {
    let value = JSONValue.object(
      JSONObject([("n", .number(1.5)), ("b", .bool(true)), ("l", .array([.null, .string("s")]))]))
    let data = try JSONEncoder().encode(value)
    let decoded = try JSONDecoder().decode(JSONValue.self, from: data)
    #expect(decoded["n"] == .number(1.5))
    #expect(decoded["b"] == .bool(true))
    #expect(decoded["l"] == .array([.null, .string("s")]))
  }

  @Test func objectsReplaceAndRemoveMembersInPlace() {
    var object = JSONObject([("a", .number(1)), ("b", .number(2)), ("a", .number(3))])
    #expect(object.keys == ["a", "b"])
    #expect(object["a"] == .number(3))
    object["a"] = nil
    object["c"] = .null
    #expect(object.keys == ["b", "c"])
  }
}
