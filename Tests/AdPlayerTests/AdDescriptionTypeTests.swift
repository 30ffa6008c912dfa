import AdPlayer
import PlayerSeam
import Testing

/// `AdDescription.type`: THEOplayer's `AdSource.type` (`vast`, `vmap`), in `sources` or beside it.
@Suite struct AdDescriptionTypeTests {
  @Test func theTypeIsReadFromSourcesOrBesideItAndReEncoded() throws {
    let text =
      #"{"sources":{"src":"https://e.com/a.m3u8"},"ads":[{"sources":{"src":"https://ads/vmap.xml","type":"vmap"}},"#
      + #"{"sources":"https://ads/vast.xml","type":"vast","timeOffset":"end"},{"sources":"https://ads/x.xml"}]}"#
    let source = try SourceDescription(jsonText: text)
    #expect(source.ads.map(\.type) == ["vmap", "vast", nil])
    #expect(
      source.ads.map(\.sources) == ["https://ads/vmap.xml", "https://ads/vast.xml", "https://ads/x.xml"])
    #expect(source.ads[0].otherFields.isEmpty)
    #expect(try SourceDescription(json: source.json) == source)
  }

  @Test func aTypeThatIsNotAStringNamesItsPath() {
    let text =
      #"{"sources":{"src":"https://e.com/a.m3u8"},"ads":[{"sources":{"src":"https://ads/vmap.xml","type":3}}]}"#
    let error = #expect(throws: ModelDecodingError.self) { try SourceDescription(jsonText: text) }
    #expect(error?.path == "ads[0].sources.type")
  }
}
