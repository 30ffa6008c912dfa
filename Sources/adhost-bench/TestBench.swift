import AdhostCLI
import Foundation
import Synchronization

/// `adhost-bench test [paths…]`: scenarios per second for `adhost test -j 2` (in-process, each
/// scenario with its own host on a thread of its own) against the same scenarios played as one
/// `adhost run` process each, two processes at a time (the same concurrency), and their ratio.
enum TestBench {
  static var suite: Suite {
    Suite(
      name: "test", summary: "adhost test -j 2 in-process vs one adhost run process each, 2 at a time",
      run: run)
  }

  struct BenchError: Error, CustomStringConvertible {
    let description: String
  }

  static func run(_ arguments: [String]) throws -> [(key: String, value: BenchValue)] {
    let roots = arguments.isEmpty ? ["examples"] : arguments
    let files = try ScenarioCommandLine.find(roots)
    guard !files.isEmpty else { throw BenchError(description: "no scenarios under \(roots)") }
    let adhost = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("adhost")
    guard FileManager.default.isExecutableFile(atPath: adhost.path) else {
      throw BenchError(description: "\(adhost.path) not found: build it first (swift build -c release)")
    }
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
      "adhost-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let commands = try files.map { try ScenarioCommandLine.arguments(scenario: $0, scratch: scratch) }

    // Warm up both, then alternate rounds so that both see the same machine conditions.
    guard try inProcess(roots) else { throw BenchError(description: "adhost test \(roots) failed") }
    try processes(adhost, commands)
    var inProcessTime = 0.0
    var processTime = 0.0
    var rounds = 0
    while rounds < 3 || inProcessTime + processTime < 8 {
      let t0 = monotonicSeconds()
      _ = try inProcess(roots)
      let t1 = monotonicSeconds()
      try processes(adhost, commands)
      let t2 = monotonicSeconds()
      inProcessTime += t1 - t0
      processTime += t2 - t1
      rounds += 1
    }
    let runs = Double(files.count * rounds)
    let inProcessRate = runs / inProcessTime
    let processRate = runs / processTime
    return [
      ("scenarios", .integer(files.count)), ("rounds", .integer(rounds)),
      ("in_process_scenarios_per_s", .number(inProcessRate)),
      ("process_per_run_scenarios_per_s", .number(processRate)),
      ("ratio", .number(inProcessRate / processRate)),
    ]
  }

  /// `adhost test ROOTS -j 2` in this process; whether every scenario passed.
  static func inProcess(_ roots: [String]) throws -> Bool {
    let code = Box()
    let done = DispatchSemaphore(value: 0)
    Task {
      code.value = await Adhost.main(["test"] + roots + ["-j", "2"], console: Console(capturing: ()))
      done.signal()
    }
    done.wait()
    return code.value == 0
  }

  /// Runs each command as an `adhost` process, two at a time; fails on a process that fails.
  static func processes(_ adhost: URL, _ commands: [[String]]) throws {
    let failures = Box()
    DispatchQueue.concurrentPerform(iterations: 2) { worker in
      for command in stride(from: worker, to: commands.count, by: 2).map({ commands[$0] }) {
        let process = Process()
        process.executableURL = adhost
        process.arguments = command + ["--json"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
          try process.run()
          process.waitUntilExit()
          if process.terminationStatus != 0 { failures.add(1) }
        } catch {
          failures.add(1)
        }
      }
    }
    guard failures.value == 0 else {
      throw BenchError(description: "\(failures.value) adhost run processes failed")
    }
  }
}

/// A number shared between threads.
private final class Box: Sendable {
  private let stored = Mutex<Int32>(0)
  var value: Int32 {
    get { stored.withLock { $0 } }
    set { stored.withLock { $0 = newValue } }
  }
  func add(_ amount: Int32) { stored.withLock { $0 += amount } }
}
