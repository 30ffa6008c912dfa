import Foundation
import GStreamerEngine
import HTTPKit
import RealMedia
import TestFiles
import Testing

/// Screenshots: the PNG of the video frame shown at a media time, from the window (`show`, on an
/// Xvfb of the test's own) and from the fakesink, or an event saying why none was written.
@Suite(EngineFixture.engineTests)
struct EngineScreenshotTests {
  /// The fixture in the fast mode, with `show` on `display` when given; `screenshots` asked for
  /// (media time, file) after load and before play; every event until the engine exited.
  private static func play(display: String?, screenshots: [(Double, URL)]) throws -> EngineSession {
    let fixture = try EngineFixture()
    var options = GStreamerEngineOptions(
      http: HTTPClient(
        policy: TransportPolicy(allowsArbitraryLoads: true), transport: URLSessionTransport.shared))
    options.speed = .fast
    options.show = display != nil
    options.display = display
    let session = EngineSession(engine: try GStreamerEngine(options: options))
    try session.engine.load(fixture.playlist)
    for (time, file) in screenshots { session.engine.screenshot(at: time, to: file) }
    session.engine.play()
    #expect(session.wait(for: .ended) != nil, "events: \(session.events)")
    session.engine.destroy()
    session.wait { _ in false }
    return session
  }

  @Test(VirtualDisplay.needed)
  func theWindowsFrameAtOneSecondIsWrittenAsAPictureThatIsNotBlank() throws {
    let display = try VirtualDisplay()
    let scratch = try Scratch()
    let file = scratch.folder.appendingPathComponent("shot.png")
    let session = try Self.play(display: display.name, screenshots: [(1, file)])
    #expect(session.errors.isEmpty, "\(session.errors)")
    let shots = session.screenshots
    #expect(shots.count == 1, "events: \(session.events)")
    guard case .written(let frameTime, let width, let height)? = shots.first?.outcome else {
      Issue.record("no screenshot written: \(shots)")
      return
    }
    // The 25 fps frame shown at 1 s starts at 1 s.
    #expect(abs(frameTime - 1) < 0.001)
    #expect(width == 160 && height == 90)
    let picture = try #require(try DecodedPicture(png: file), "not a PNG ffmpeg decodes")
    #expect(picture.width == 160 && picture.height == 90)
    #expect(picture.variance > 100, "a blank picture: variance \(picture.variance)")
    // It is the pattern's frame at 1 s (encoded lossily, so nearest, not equal), not another.
    let distances = try [0.5, 1, 1.5, 3].map { time in
      (
        time,
        picture.difference(
          from: try #require(try DecodedPicture(testPatternAt: time, width: 160, height: 90)))
      )
    }
    #expect(distances.min { $0.1 < $1.1 }?.0 == 1, "mean differences by source time: \(distances)")
  }

  @Test func withoutAWindowTheFramesComeFromTheFakesinkAndATimeNeverReachedIsAnError() throws {
    let scratch = try Scratch()
    let written = scratch.folder.appendingPathComponent("two.png")
    let late = scratch.folder.appendingPathComponent("late.png")
    let unwritable = scratch.folder.appendingPathComponent("no-such-folder/shot.png")
    let session = try Self.play(display: nil, screenshots: [(2, written), (10, late), (3, unwritable)])
    let outcomes = Dictionary(uniqueKeysWithValues: session.screenshots.map { ($0.file, $0.outcome) })
    #expect(outcomes.count == 3, "events: \(session.events)")
    #expect(outcomes[written.path] == .written(frameTime: 2, width: 160, height: 90))
    let picture = try #require(try DecodedPicture(png: written))
    #expect(picture.variance > 100)
    // The stream ends where its last audio or video frame does, just after 6 s.
    guard case .failed(let why)? = outcomes[late.path] else {
      Issue.record("the screenshot at 10 s: \(String(describing: outcomes[late.path]))")
      return
    }
    #expect(
      why.hasPrefix("the stream ended at 6.") && why.hasSuffix(" s, before the frame at 10.000 s"), "\(why)")
    #expect(!FileManager.default.fileExists(atPath: late.path))
    #expect(
      outcomes[unwritable.path] == .failed("cannot write \(unwritable.path): No such file or directory"),
      "\(String(describing: outcomes[unwritable.path]))")
    // A failed screenshot is no error of the engine: playback went on to the end.
    #expect(session.errors.isEmpty)
  }
}

extension EngineSession {
  /// The screenshots reported, in order.
  var screenshots: [EngineScreenshot] {
    events.compactMap { if case .screenshot(let shot) = $0 { return shot } else { return nil } }
  }
}
