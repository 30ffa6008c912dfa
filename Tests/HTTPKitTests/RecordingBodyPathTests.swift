import Foundation
import Testing

@testable import HTTPKit

/// A body's real path is found part by part when no part is a symbolic link: the same path
/// `realpath` gives, and every other layout (links, missing parts, `.` or empty parts) is left
/// to `realpath` as before.
@Suite struct RecordingBodyPathTests {
  private func resolved(_ name: String, in folder: URL) -> String? {
    try? RecordingBody.resolve(name, in: folder)
  }

  private func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  @Test func bodiesResolveToWhatRealpathGives() throws {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent(
      "adhost-body-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: base) }
    let manager = FileManager.default
    // The folder reached through a link of its own: its real path is the target's.
    try manager.createDirectory(
      at: base.appendingPathComponent("real/bodies/deep"), withIntermediateDirectories: true)
    try manager.createSymbolicLink(
      atPath: base.appendingPathComponent("recording").path, withDestinationPath: "real")
    try manager.createDirectory(
      at: base.appendingPathComponent("real/other"), withIntermediateDirectories: true)
    for file in ["bodies/a.bin", "bodies/deep/b.bin", "other/c.bin"] {
      try Data("x".utf8).write(to: base.appendingPathComponent("real/" + file))
    }
    try manager.createSymbolicLink(
      atPath: base.appendingPathComponent("real/linked").path, withDestinationPath: "other")
    try manager.createSymbolicLink(
      atPath: base.appendingPathComponent("real/bodies/link.bin").path, withDestinationPath: "a.bin")
    let folder = base.appendingPathComponent("recording")
    let real = try #require(realPath(folder.path))
    let names = [
      "bodies/a.bin", "bodies/deep/b.bin", "bodies/link.bin", "linked/c.bin", "bodies/./a.bin",
      "bodies//a.bin", "bodies/a.bin/x", "bodies/missing.bin", "bodies", "other/c.bin",
    ]
    for name in names {
      let expected = realPath(folder.path + "/" + name).flatMap { $0.hasPrefix(real + "/") ? $0 : nil }
      #expect(resolved(name, in: folder) == expected, "\(name)")
    }
    #expect(resolved("bodies/a.bin", in: folder) == real + "/bodies/a.bin")
  }
}
