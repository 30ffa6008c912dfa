import Foundation
import HTTPKit
import TestFiles
import Testing

@testable import AdhostCLI

/// What the scenarios of one `adhost test` read once for the run: each scenario file (read first
/// to find its setup, then to run it), its folder's `scenarios.json`, the source file they share,
/// and the recording they replay (its index parsed once).
@Suite struct TestFileReadsTests {
  @Test func scenariosOfOneFolderReadEachFileOncePerRun() async throws {
    let scratch = try Scratch()
    let bodies = scratch.folder.appendingPathComponent("recording/bodies")
    try FileManager.default.createDirectory(at: bodies, withIntermediateDirectories: true)
    try scratch.write("recording/bodies/0.bin", "unused")
    try scratch.write(
      "recording/index.json",
      #"{"version": 1, "exchanges": [{"key": "GET https://cdn.example/unused", "method": "GET", "#
        + #""url": "https://cdn.example/unused", "status": 200, "body": "bodies/0.bin"}]}"#)
    try scratch.write(
      "ads.lua",
      """
      player.ads:registerServerSideIntegration("x", function(controller)
        return { setSource = function(source)
          controller:createAd({type = "linear", duration = 0.5}, controller:createAdBreak({timeOffset = 1}))
          return true
        end }
      end)
      """)
    try scratch.write(
      "source.json", #"{"sources": [{"src": "https://cdn.example/x.mp4", "ssai": {"integration": "x"}}]}"#)
    try scratch.write("scenarios.json", "{}")
    let files = try (0..<4).map { index in
      try scratch.write(
        "s\(index).scenario.json",
        #"{"plugin": "ads.lua", "source": "source.json", "duration": 3, "offline": "recording", "#
          + #""allowUnmatched": true, "events": [{"type": "ended"}]}"#)
    }
    let progress = ScenarioProgress(files: files) { _ in }
    let recordings = RecordingIndexCache()
    let results = await ParallelScenarios.run(progress, jobs: 1, update: false, recordings: recordings)
    #expect(results.map(\.passed) == [true, true, true, true], "\(results.map(\.failures))")
    // The four scenario files, scenarios.json and source.json, once each (before: each scenario
    // file three times, scenarios.json three times per scenario, source.json once per scenario).
    #expect(progress.reads.reads == 6)
    // The recording's index parsed by the first replay, taken by the other three.
    #expect(recordings.parses == 1)
    #expect(recordings.hits == 3)
  }
}
