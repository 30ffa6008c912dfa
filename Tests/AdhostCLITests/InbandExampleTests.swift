import Foundation
import TestFiles
import Testing

/// examples/inband's recordings are what `InbandExample` writes from the folders' `stream.json`,
/// so the example's bytes have a source to read and change, and cannot drift from it. To write
/// them again: `ADHOST_WRITE_EXAMPLES=1 swift test --filter InbandExampleTests`.
@Suite struct InbandExampleTests {
  @Test(arguments: InbandExample.folders)
  func theRecordingIsWhatTheGeneratorWrites(_ folder: String) throws {
    let recording = try InbandExample.recording(folder)
    let root = repositoryRoot.appendingPathComponent("examples/inband/\(folder)/recording")
    if ProcessInfo.processInfo.environment["ADHOST_WRITE_EXAMPLES"] == "1" {
      try? FileManager.default.removeItem(at: root)
      try FileManager.default.createDirectory(
        at: root.appendingPathComponent("bodies"), withIntermediateDirectories: true)
      for file in recording.files { try Data(file.bytes).write(to: root.appendingPathComponent(file.path)) }
    }
    let written = Set(recording.files.map(\.path))
    let stored = try FileManager.default.subpathsOfDirectory(atPath: root.path).filter {
      !$0.hasSuffix("/") && $0 != "bodies"
    }
    #expect(
      Set(stored) == written, "examples/inband/\(folder)/recording holds other files than the generator's")
    for file in recording.files {
      let bytes = try Data(contentsOf: root.appendingPathComponent(file.path))
      #expect(
        [UInt8](bytes) == file.bytes,
        "examples/inband/\(folder)/recording/\(file.path) differs from what the generator writes")
    }
  }

  @Test func theRecordingsAreSmall() throws {
    for folder in InbandExample.folders {
      let recording = try InbandExample.recording(folder)
      let total = recording.files.reduce(0) { $0 + $1.bytes.count }
      #expect(total < 20_000, "examples/inband/\(folder)/recording: \(total) bytes")
    }
  }
}
