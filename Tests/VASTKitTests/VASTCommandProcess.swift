import Foundation
import Testing

/// The adhost executable that `swift build --build-tests` builds beside the test bundle.
let vastCommandExecutable = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent(".build/debug/adhost")

/// Runs `adhost vast ARGUMENTS` as a process and returns its exit status and output.
func runVastCommand(_ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
  try #require(
    FileManager.default.isExecutableFile(atPath: vastCommandExecutable.path),
    "adhost not built at \(vastCommandExecutable.path); run swift build first")
  let process = Process()
  process.executableURL = vastCommandExecutable
  process.arguments = ["vast"] + arguments
  process.environment = ["NO_COLOR": "1"]
  let output = Pipe()
  let error = Pipe()
  process.standardOutput = output
  process.standardError = error
  try process.run()
  let outputData = output.fileHandleForReading.readDataToEndOfFile()
  let errorData = error.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return (
    process.terminationStatus, String(decoding: outputData, as: UTF8.self),
    String(decoding: errorData, as: UTF8.self)
  )
}
