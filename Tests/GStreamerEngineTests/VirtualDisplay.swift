import Foundation
import RealMedia
import Testing

/// An Xvfb server of the test's own, on a display number it picks free (`-displayfd`), for the
/// engine's window (`show`). Ended with the test.
final class VirtualDisplay {
  /// `:N`.
  let name: String
  private let process: Process

  /// Xvfb on PATH, nil when it is not installed (scripts/setup.sh installs `xvfb`).
  static let xvfb: String? = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin")
    .split(separator: ":").map { "\($0)/Xvfb" }.first { FileManager.default.isExecutableFile(atPath: $0) }

  /// The tests' trait: skipped, saying so, where Xvfb is not installed.
  static var needed: ConditionTrait {
    .enabled(if: xvfb != nil, "no Xvfb on PATH (scripts/setup.sh installs xvfb): the window test is skipped")
  }

  init() throws {
    process = Process()
    process.executableURL = URL(fileURLWithPath: Self.xvfb ?? "/usr/bin/Xvfb")
    process.arguments = ["-displayfd", "1", "-screen", "0", "640x480x24", "-nolisten", "tcp"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // Xvfb writes the display number once it accepts connections, or exits.
    var printed = ""
    while !printed.contains("\n") {
      let data = output.fileHandleForReading.availableData
      if data.isEmpty { break }
      printed += String(decoding: data, as: UTF8.self)
    }
    guard let number = Int(printed.trimmingCharacters(in: .whitespacesAndNewlines)) else {
      kill(process.processIdentifier, SIGKILL)
      throw RealClipError(description: "Xvfb did not start: it printed \(printed.debugDescription)")
    }
    name = ":\(number)"
  }

  deinit {
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }
}
