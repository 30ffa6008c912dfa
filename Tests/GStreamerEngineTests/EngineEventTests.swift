import Foundation
import Testing

@testable import GStreamerEngine

/// The helper's lines read into typed events (no engine needed).
struct EngineEventTests {
  @Test func linesBecomeTypedEvents() {
    #expect(
      EngineEvent(line: #"{"event":"state","state":"waiting","position":2.5}"#)
        == .state(.waiting, position: 2.5))
    #expect(EngineEvent(line: #"{"event":"time","position":1}"#) == .time(position: 1, duration: nil))
    #expect(
      EngineEvent(line: #"{"event":"scte35","section":"fc302a","spliceRunningTime":3,"spliceStreamTime":3}"#)
        == .scte35(EngineSplice(section: [0xFC, 0x30, 0x2A], runningTime: 3, streamTime: 3)))
    #expect(
      EngineEvent(
        line:
          #"{"event":"segment","pad":"video_00","start":62,"time":0,"base":0,"firstPTS":66,"firstStreamTime":4}"#
      )
        == .segment(
          EngineSegment(pad: "video_00", start: 62, time: 0, base: 0, firstPTS: 66, firstStreamTime: 4)))
    #expect(
      EngineEvent(line: #"{"event":"frames","rendered":150,"dropped":0}"#)
        == .frames(rendered: 150, dropped: 0))
    #expect(
      EngineEvent(line: #"{"event":"error","message":"Not Found","element":"hlsdemux2-0"}"#)
        == .error(EngineError(message: "Not Found", element: "hlsdemux2-0")))
  }

  @Test func linesThatAreNoEventAreIgnored() {
    #expect(EngineEvent(line: "GStreamer-WARNING: something") == nil)
    #expect(EngineEvent(line: #"{"event":"state","state":"flying"}"#) == nil)
    #expect(EngineEvent(line: #"{"event":"scte35","section":"f"}"#) == nil)
    #expect(EngineEvent(line: #"{"event":"frames","rendered":1e300}"#) == .frames(rendered: 0, dropped: 0))
  }

  @Test func overlongLinesAreDroppedWhole() {
    var lines = BoundedLines()
    #expect(lines.feed(Data("a\nb".utf8)) == ["a"])
    #expect(lines.feed(Data(repeating: 0x41, count: (1 << 20) + 1)) == [])
    #expect(lines.feed(Data("tail\nnext\n".utf8)) == ["next"])
  }
}
