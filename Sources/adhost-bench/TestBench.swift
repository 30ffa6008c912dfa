import AdhostCLI
import Foundation
import Synchronization

/// `adhost-bench test [paths…]`: scenarios per second for `adhost test -j 2` (in-process, each
/// scenario with its own host on a thread of its own) against the same scenarios played as one
/// `adhost run` process each, two processes at a time (the same concurrency and order), and
/// their ratio; for the whole tree and for each folder right under it (one folder after another,
/// each both ways, round after round). A scenario with a setup command (its own or its folder's)
/// is played only with `--allow-setup`, as `adhost test` needs it; without it, it is skipped,
/// saying why.
enum TestBench {
  static let allowSetup = "--allow-setup"

  static var suite: Suite {
    Suite(
      name: "test",
      summary:
        "adhost test -j 2 in-process vs one adhost run process each, 2 at a time ([--allow-setup] [paths])",
      figures: [
        "scenarios", "rounds", "in_process_scenarios_per_s", "process_per_run_scenarios_per_s",
        "ratio", "min_folder_ratio", "folders", "skipped",
      ],
      run: run)
  }

  struct BenchError: Error, CustomStringConvertible {
    let description: String
  }

  /// The scenarios of one folder and the time each way so far.
  final class Folder {
    let name: String
    let scenarios: [ScenarioCommandLine]
    var inProcessTime = 0.0
    var processTime = 0.0

    init(name: String, scenarios: [ScenarioCommandLine]) {
      self.name = name
      self.scenarios = scenarios
    }
  }

  static func run(_ arguments: [String]) throws -> [(key: String, value: BenchValue)] {
    let paths = arguments.filter { $0 != allowSetup }
    let roots = paths.isEmpty ? ["examples"] : paths
    let (playable, unplayable) = try ScenarioCommandLine.find(
      roots, allowSetup: arguments.contains(allowSetup))
    for skipped in unplayable {
      FileHandle.standardError.write(
        Data("adhost-bench test: skipped \(skipped.file): \(skipped.reason)\n".utf8))
    }
    guard !playable.isEmpty else { throw BenchError(description: "no playable scenarios under \(roots)") }
    let adhost = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("adhost")
    guard FileManager.default.isExecutableFile(atPath: adhost.path) else {
      throw BenchError(description: "\(adhost.path) not found: build it first (swift build -c release)")
    }
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
      "adhost-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let folders = Dictionary(grouping: playable, by: \.folder).sorted { $0.key < $1.key }
      .map { Folder(name: $0.key, scenarios: $0.value) }

    // Warm up both ways (each must pass), then alternate rounds so that both see the same
    // machine conditions.
    for folder in folders {
      try inProcess(folder.scenarios)
      try processes(adhost, folder.scenarios, scratch: scratch)
    }
    var rounds = 0
    var total: Double { folders.reduce(0) { $0 + $1.inProcessTime + $1.processTime } }
    while rounds < 3 || total < 8 {
      for folder in folders {
        let t0 = monotonicSeconds()
        try inProcess(folder.scenarios)
        let t1 = monotonicSeconds()
        try processes(adhost, folder.scenarios, scratch: scratch)
        let t2 = monotonicSeconds()
        folder.inProcessTime += t1 - t0
        folder.processTime += t2 - t1
      }
      rounds += 1
    }
    let rates = { (count: Int, inProcessTime: Double, processTime: Double) -> [(String, BenchValue)] in
      let runs = Double(count * rounds)
      return [
        ("in_process_scenarios_per_s", .number(runs / inProcessTime)),
        ("process_per_run_scenarios_per_s", .number(runs / processTime)),
        ("ratio", .number(processTime / inProcessTime)),
      ]
    }
    let perFolder = folders.map { folder in
      [("folder", BenchValue.text(folder.name)), ("scenarios", .integer(folder.scenarios.count))]
        + rates(folder.scenarios.count, folder.inProcessTime, folder.processTime)
    }
    let skipped = unplayable.map { [("file", BenchValue.text($0.file)), ("reason", .text($0.reason))] }
    let whole = rates(
      playable.count, folders.reduce(0) { $0 + $1.inProcessTime }, folders.reduce(0) { $0 + $1.processTime })
    return [("scenarios", .integer(playable.count)), ("rounds", .integer(rounds))]
      + whole.map { (key: $0.0, value: $0.1) }
      + [
        ("min_folder_ratio", .number(folders.map { $0.processTime / $0.inProcessTime }.min() ?? 0)),
        ("folders", .list(perFolder)), ("skipped", .list(skipped)),
      ]
  }

  /// `adhost test FILES -j 2` in this process (`--allow-setup` when one has a setup command,
  /// which `find` let through only when `adhost-bench test --allow-setup` was given);
  /// fails naming the scenarios that did not pass.
  static func inProcess(_ scenarios: [ScenarioCommandLine]) throws {
    let code = Box()
    let done = DispatchSemaphore(value: 0)
    let console = Console(capturing: ())
    // Only scenarios allowed their setup command are played (`run`).
    let setup = scenarios.contains { $0.hasSetup } ? [allowSetup] : []
    let arguments = ["test"] + scenarios.map(\.file) + ["-j", "2"] + setup
    Task {
      code.value = await Adhost.main(arguments, console: console)
      done.signal()
    }
    done.wait()
    guard code.value == 0 else {
      let failed = console.output.split(separator: "\n").filter { !$0.hasPrefix("PASS ") }
      throw BenchError(description: "adhost test failed:\n" + failed.joined(separator: "\n"))
    }
  }

  /// Runs each scenario as an `adhost run` process, two at a time, each taking the next from
  /// one list in the order `adhost test` takes them (those with a setup command first); fails
  /// naming each process that did not end with the exit code its scenario expects.
  static func processes(_ adhost: URL, _ scenarios: [ScenarioCommandLine], scratch: URL) throws {
    let failures = Mutex<[String]>([])
    let withSetup = scenarios.indices.filter { scenarios[$0].hasSetup }
    let order = withSetup + scenarios.indices.filter { !scenarios[$0].hasSetup }
    let taken = Mutex(0)
    let next = { @Sendable () -> Int? in
      taken.withLock { taken in
        guard taken < order.count else { return nil }
        defer { taken += 1 }
        return order[taken]
      }
    }
    DispatchQueue.concurrentPerform(iterations: 2) { _ in
      while let index = next() {
        let scenario = scenarios[index]
        if let failure = play(adhost, scenario, scratch: scratch) {
          failures.withLock { $0.append("\(scenario.file): \(failure)") }
        }
      }
    }
    let failed = failures.withLock { $0 }
    guard failed.isEmpty else {
      throw BenchError(
        description: "\(failed.count) adhost run processes failed:\n" + failed.joined(separator: "\n"))
    }
  }

  /// Plays `scenario` as a process: nil when it ended as expected, else what went wrong.
  static func play(_ adhost: URL, _ scenario: ScenarioCommandLine, scratch: URL) -> String? {
    let errors = scratch.appendingPathComponent("\(UUID().uuidString).stderr")
    do {
      let launch = try scenario.launch(scratch: scratch)
      defer { launch.stop() }
      _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
      let errorFile = try FileHandle(forWritingTo: errors)
      defer { try? errorFile.close() }
      let process = Process()
      process.executableURL = adhost
      process.arguments = launch.arguments + ["--json"]
      process.standardOutput = FileHandle.nullDevice
      process.standardError = errorFile
      try process.run()
      process.waitUntilExit()
      defer { try? FileManager.default.removeItem(at: errors) }
      guard process.terminationReason == .exit, process.terminationStatus == launch.exit else {
        let how =
          process.terminationReason == .exit
          ? "exit \(process.terminationStatus)" : "signal \(process.terminationStatus)"
        let standardError = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
        return "adhost \(launch.arguments.joined(separator: " ")): \(how), expected exit \(launch.exit)\n"
          + standardError.split(separator: "\n").suffix(5).joined(separator: "\n")
      }
      return nil
    } catch {
      return "\(error)"
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
}
