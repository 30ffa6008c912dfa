import Foundation
import Testing

@testable import WebViewKit

/// The WebKit helper is found beside the running program's real file, never from the current
/// folder: a planted `adhost-webview` is not executed (redteam 01), and an `adhost` started from
/// PATH through a link finds its own helper.
@Suite(.serialized) struct HelperLocationTests {
  /// The build folder of these tests: `adhost` and `adhost-webview` lie beside the test bundle.
  let buildFolder = HelperProcess.runningExecutable()?.deletingLastPathComponent()

  @Test func theHelperIsTheOneBesideTheLinkedProgramsRealFile() throws {
    let scratch = try ScratchFolder()
    let real = scratch.url.appendingPathComponent("real")
    let elsewhere = scratch.url.appendingPathComponent("elsewhere")
    for folder in [real, elsewhere] {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }
    try plantExecutable(real.appendingPathComponent("adhost"))
    try plantExecutable(real.appendingPathComponent("adhost-webview"))
    try plantExecutable(elsewhere.appendingPathComponent("adhost-webview"))
    let link = elsewhere.appendingPathComponent("adhost")
    try FileManager.default.createSymbolicLink(
      at: link, withDestinationURL: real.appendingPathComponent("adhost"))
    let found = try HelperProcess.helperURL(besideExecutable: link)
    #expect(found.path == real.resolvingSymlinksInPath().appendingPathComponent("adhost-webview").path)
  }

  @Test func noHelperBesideTheProgramIsAnErrorNotASearchUpwards() throws {
    let scratch = try ScratchFolder()
    let below = scratch.url.appendingPathComponent("a/b")
    try FileManager.default.createDirectory(at: below, withIntermediateDirectories: true)
    try plantExecutable(scratch.url.appendingPathComponent("adhost-webview"))
    try plantExecutable(below.appendingPathComponent("adhost"))
    #expect(throws: WebViewError.self) {
      try HelperProcess.helperURL(besideExecutable: below.appendingPathComponent("adhost"))
    }
  }

  @Test func anAdhostStartedFromPathRunsItsOwnHelperAndNoPlantedOne() throws {
    let build = try #require(buildFolder)
    let scratch = try ScratchFolder()
    let bin = scratch.url.appendingPathComponent("bin")
    let evil = scratch.url.appendingPathComponent("evil")
    let deep = evil.appendingPathComponent("a/b/c")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: deep, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      at: bin.appendingPathComponent("adhost"), withDestinationURL: build.appendingPathComponent("adhost"))
    // A planted helper in the current folder and in each of its three parents.
    var marks: [URL] = []
    for folder in [deep, deep.deletingLastPathComponent(), evil.appendingPathComponent("a"), evil] {
      let mark = folder.appendingPathComponent("PLANTED-RAN")
      marks.append(mark)
      try plantExecutable(
        folder.appendingPathComponent("adhost-webview"), body: "echo ran > '\(mark.path)'\nexit 1\n")
    }
    let script = try scratch.write(
      "wv.lua",
      """
      local v, why = webview.open({width = 10, height = 10})
      print("opened: " .. tostring(v ~= nil) .. " " .. tostring(why))
      if v then v:close() end
      """)
    var environment = ProcessInfo.processInfo.environment
    environment["PATH"] = bin.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
    environment.removeValue(forKey: "ADHOST_WEBVIEW")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    // argv[0] is the bare name "adhost", as for any program started from PATH.
    process.arguments = ["-c", "exec adhost lua --host \"$0\"", script]
    process.currentDirectoryURL = deep
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    for mark in marks { #expect(!FileManager.default.fileExists(atPath: mark.path), "\(mark.path): \(text)") }
    #expect(text.contains("opened: true nil"), "\(text)")
  }

  private func plantExecutable(_ url: URL, body: String = "exit 0\n") throws {
    try ("#!/bin/sh\n" + body).write(to: url, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
  }
}
