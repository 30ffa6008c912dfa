import MediaWriter
import OutsideText
import Testing

/// A spec that asks for the impossible is refused with the JSON path and the reason.
@Suite struct MediaSpecTests {
  private func error(_ text: String) -> String? {
    do {
      _ = try MediaSpec.read(text)
      return nil
    } catch {
      return error.description
    }
  }

  private let base = #""format": "hls-ts", "duration": 12, "segmentDuration": 6"#

  @Test func aTimePastTheDurationIsNamed() {
    let text =
      #"{\#(base), "id3": [{"time": 1, "frames": [{"id": "TIT2", "text": "a"}]}, {"time": 12.5, "frames": []}]}"#
    #expect(error(text) == "id3[1].time: 12.5 s is past the stream's duration of 12 s")
  }

  @Test func anID3FrameOverTheCapIsNamed() {
    let big = String(repeating: "x", count: 70_000)
    let text =
      #"{\#(base), "id3": [{"time": 1, "frames": [{"id": "TXXX", "description": "d", "text": "\#(big)"}]}]}"#
    #expect(error(text) == "id3[0].frames[0]: the TXXX frame is 70003 bytes, over the cap of 65536")
  }

  @Test func aSignalWithoutACarrierInTheFormatIsNamed() {
    let emsg = #"{\#(base), "emsg": [{"time": 1, "scheme": "urn:x", "id": 1, "data": "a"}]}"#
    #expect(error(emsg) == "emsg: emsg boxes need CMAF segments (format hls-cmaf or dash), not hls-ts")
    let ranges =
      #"{"format": "dash", "duration": 12, "segmentDuration": 6, "dateranges": [{"id": "a", "time": 1}]}"#
    #expect(error(ranges) == "dateranges: EXT-X-DATERANGE is HLS only, not dash")
    let clip =
      #"{"format": "hls-packed-audio", "duration": 12, "segmentDuration": 6, "payload": {"clip": "a.ts"}}"#
    #expect(
      error(clip)
        == "payload: a clip has video: it is cut into hls-ts, hls-cmaf or dash, not hls-packed-audio")
  }

  @Test func badMembersAreNamed() {
    #expect(
      error(#"{"format": "hls", "duration": 12, "segmentDuration": 6}"#)
        == #"format: expected one of hls-ts, hls-cmaf, hls-packed-audio, dash, found "hls""#)
    #expect(
      error(#"{\#(base), "scte35": [{"time": 1, "command": "splice_out", "eventId": 1}]}"#)
        == #"scte35[0].command: expected splice_insert or time_signal, found "splice_out""#)
    #expect(
      error(#"{\#(base), "id3": [{"time": 1, "frames": [{"id": "PRIV", "owner": "o", "data": "abc"}]}]}"#)
        == "id3[0].frames[0].data: expected hex digits, an even number of them")
    #expect(error(#"{\#(base), "emsgs": []}"#)?.hasPrefix("emsgs: unknown member") == true)
    #expect(
      error(#"{\#(base), "live": {"window": 3}}"#)
        == "live.window: expected a whole number from 1 to 2, found 3")
    #expect(
      error(
        #"{"format": "hls-cmaf", "duration": 12, "segmentDuration": 6, "emsg": [{"time": 1.0001, "scheme": "urn:x", "id": 1, "data": "a"}]}"#
      )
        == "emsg[0].time: 1.0001 s is not a whole number of ticks of timescale 1000")
  }

  @Test func anEmsgCarriageIsReadAndItsMistakesNamed() throws {
    let cmaf = #""format": "hls-cmaf", "duration": 12, "segmentDuration": 6"#
    let tag = #""time": 1.5, "frames": [{"id": "TIT2", "text": "a"}]"#
    let spec = try MediaSpec.read(
      #"{\#(cmaf), "id3": [{\#(tag), "version": 3, "emsg": {"version": 0, "timescale": 1000, "id": 7, "scheme": "urn:x", "value": "v"}}], "scte35": [{"time": 2, "command": "time_signal", "eventId": 4, "emsg": {}}]}"#
    )
    var carriage = MediaSpec.EmsgCarriage()
    #expect(spec.scte35[0].emsg == carriage)
    carriage.version = 0
    carriage.timescale = 1000
    carriage.id = 7
    carriage.scheme = "urn:x"
    carriage.value = "v"
    #expect(spec.id3[0].emsg == carriage && spec.id3[0].version == 3)
    #expect(
      error(#"{\#(base), "id3": [{\#(tag), "emsg": {"version": 0}}]}"#)
        == "id3[0].emsg: an emsg carriage needs CMAF segments (format hls-cmaf or dash), not hls-ts")
    #expect(
      error(
        #"{\#(cmaf), "scte35": [{"time": 2, "command": "time_signal", "eventId": 4, "duration": 1.0001, "emsg": {"timescale": 1000}}]}"#
      )
        == "scte35[0].emsg.timescale: 1.0001 s is not a whole number of ticks of timescale 1000")
    #expect(
      error(#"{\#(cmaf), "id3": [{\#(tag), "emsg": {"version": 2}}]}"#)?.hasPrefix("id3[0].emsg.version:")
        == true)
    #expect(
      error(#"{\#(cmaf), "id3": [{\#(tag), "emsg": {"ids": 2}}]}"#)?.hasPrefix(
        "id3[0].emsg.ids: unknown member") == true)
    #expect(error(#"{\#(base), "id3": [{\#(tag), "version": 2}]}"#)?.hasPrefix("id3[0].version:") == true)
  }

  @Test func aStartMayCrossTheWrapButNotBeginPastIt() throws {
    #expect(try MediaSpec.read(#"{\#(base), "start": 95434.717689}"#).start == 95434.717689)
    #expect(
      error(#"{\#(base), "start": 95443.8}"#)
        == "start: expected a media time below 2^33 ticks of 90 kHz (95443.717688 s), found 95443.8")
    #expect(error(#"{\#(base), "start": 1e300}"#)?.hasPrefix("start: expected a media time below") == true)
  }

  @Test func theIssuesSpecsAreRead() throws {
    let spec = try MediaSpec.read(Specs.hlsTS)
    #expect(spec.id3.count == 3 && spec.scte35.count == 1 && spec.dateranges.count == 1)
    #expect(
      spec.id3[1].frames == [
        .priv(owner: "com.example.adid", data: [0x0A, 0xD1, 0, 2]), .text(id: "TIT2", text: "second"),
      ])
  }
}
