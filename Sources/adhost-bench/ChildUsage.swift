import CheckedNumbers
import Foundation
import OutsideText

/// The CPU time and peak RSS of one command, measured by a fresh `adhost-bench` process that
/// runs it as its only child (`adhost-bench media --json --child-usage OUTPUT COMMAND…`). Linux
/// keeps a forked child's peak RSS across `exec`, so a child forked straight from a bench that
/// already holds 100 MB would count those too; forked from a fresh small process it counts only
/// its own.
enum ChildUsage {
  static let flag = "--child-usage"

  /// What one run of the command came to.
  struct Outcome {
    var status: Int32
    var cpuSeconds: Double
    var peakRSSKilobytes: Int
  }

  /// Runs `executable` with `arguments` (standard output and error to `output`) under a fresh
  /// `adhost-bench`.
  static func measure(_ executable: URL, _ arguments: [String], output: URL) throws -> Outcome {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = ["media", "--json", flag, output.path, executable.path] + arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let printed = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let figures = figures(printed)
    guard process.terminationStatus == 0, let status = figures["status"], let cpu = figures["cpu_s"],
      let peak = figures["peak_rss_kb"], let peakKilobytes = Int.checked(peak)
    else {
      throw MediaBench.BenchError(description: "\(flag) printed \(printed.debugDescription)")
    }
    return Outcome(
      status: Int32(truncatingIfNeeded: Int.checked(status) ?? -1), cpuSeconds: cpu,
      peakRSSKilobytes: peakKilobytes)
  }

  /// The intermediate's side: runs `[OUTPUT, EXECUTABLE, ARGUMENTS…]` and gives its figures.
  static func run(_ arguments: [String]) throws -> [(key: String, value: BenchValue)] {
    guard arguments.count >= 2 else {
      throw MediaBench.BenchError(description: "\(flag) OUTPUT EXECUTABLE [ARGUMENTS…]")
    }
    _ = FileManager.default.createFile(atPath: arguments[0], contents: nil)
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: arguments[0]))
    defer { try? handle.close() }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: arguments[1])
    process.arguments = Array(arguments.dropFirst(2))
    process.standardOutput = handle
    process.standardError = handle
    try process.run()
    process.waitUntilExit()
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &usage)
    let seconds = { (time: timeval) in Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    let status = process.terminationReason == .exit ? Int(truncatingIfNeeded: process.terminationStatus) : -1
    return [
      ("status", .integer(status)), ("cpu_s", .number(seconds(usage.ru_utime) + seconds(usage.ru_stime))),
      ("peak_rss_kb", .integer(usage.ru_maxrss)),
    ]
  }

  /// The numbers of the printed JSON object of figures.
  private static func figures(_ text: String) -> [String: Double] {
    guard
      let object = (try? JSONValue.parse(text.trimmingCharacters(in: .whitespacesAndNewlines)))?.objectValue
    else { return [:] }
    var figures: [String: Double] = [:]
    for (key, value) in object.members { if let number = value.numberValue { figures[key] = number } }
    return figures
  }
}
