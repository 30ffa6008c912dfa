import Foundation
import Testing

/// Every input of the hostile-inputs corpus, fed to the built `adhost` as it was fed when found:
/// each must end with a documented exit code (never a signal or a hang) and the message in the
/// committed table Tests/Fixtures/hostile-inputs/expected.json, which names the file (and line,
/// JSON path or URL) and what was expected. `ADHOST_UPDATE_CORPUS=1` rewrites the table instead
/// (review its diff).
@Suite(.serialized) struct HostileInputsCorpusTests {
  @Test func sources() throws { try check("src") }
  @Test func actions() throws { try check("act") }
  @Test func vastDocuments() throws { try check("vast") }
  @Test func hlsPlaylists() throws { try check("hls") }
  @Test func recordings() throws { try check("rec") }
  @Test func plugins() throws { try check("lua") }

  private static let executable = URL(fileURLWithPath: builtAdhost)
  private static let table = HostileCorpus.fixtures.appendingPathComponent("expected.json")
  private static let documentedExits: Set<Int32> = [0, 1, 64, 65, 70, 74]

  /// Outcomes gathered from concurrent runs.
  private final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var outcomes: [String: Outcome] = [:]
    func add(_ key: String, _ outcome: Outcome) { lock.withLock { outcomes[key] = outcome } }
    var all: [String: Outcome] { lock.withLock { outcomes } }
  }

  /// One input's outcome: the exit code (or how it did not exit) and the CLI's verdict line.
  struct Outcome: Codable, Equatable {
    var exit: String
    var message: String
    /// For a row whose message is not clear yet: who fixes it and what it must say. Checked as a
    /// known issue (the message must name the input's file and line), not as passing.
    var pending: String?
  }

  /// The command line that feeds `input` (a path inside the corpus folder `area`).
  private func arguments(_ area: String, _ name: String, _ corpus: HostileCorpus) -> [String] {
    let input = corpus.url("\(area)/\(name)").path
    let trivial = corpus.url("trivial.lua").path
    switch area {
    case "act": return ["run", trivial, corpus.url("act-source.json").path, "--actions", input]
    case "vast":
      return name.hasPrefix("wrapper_")
        ? ["vast", input, "--json", "--resolve", "--timeout", "1"] : ["vast", input, "--json"]
    case "rec":
      return [
        "run", corpus.url("rec/fetch.lua").path, corpus.url("rec-source.json").path, "--offline", input,
      ]
    // Relative (the run starts in the corpus folder): Lua shortens long chunk names.
    case "lua": return ["run", "\(area)/\(name)", corpus.url("lua-source.json").path]
    default: return ["run", trivial, input]
    }
  }

  /// The inputs of an area: its files (its folders for recordings), sorted.
  private func inputs(_ area: String, _ corpus: HostileCorpus) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: corpus.url(area).path).filter { name in
      var isDirectory: ObjCBool = false
      FileManager.default.fileExists(atPath: corpus.url("\(area)/\(name)").path, isDirectory: &isDirectory)
      if area == "rec" { return isDirectory.boolValue }
      return name.hasSuffix(".json") || name.hasSuffix(".xml") || name.hasSuffix(".lua")
    }.sorted()
  }

  private func check(_ area: String) throws {
    try #require(FileManager.default.isExecutableFile(atPath: Self.executable.path), "run swift build first")
    let corpus = try HostileCorpus()
    let names = try inputs(area, corpus)
    let collected = Collected()
    DispatchQueue.concurrentPerform(iterations: names.count) { index in
      let outcome = run(arguments(area, names[index], corpus), corpus: corpus)
      collected.add("\(area)/\(names[index])", outcome)
    }
    let outcomes = collected.all
    var table = (try? JSONDecoder().decode([String: Outcome].self, from: Data(contentsOf: Self.table))) ?? [:]
    if ProcessInfo.processInfo.environment["ADHOST_UPDATE_CORPUS"] == "1" {
      let pending = table.compactMapValues(\.pending)
      table = table.filter { !$0.key.hasPrefix(area + "/") }.merging(outcomes) { $1 }
      for (key, note) in pending where table[key] != nil { table[key]?.pending = note }
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      try (encoder.encode(table) + Data("\n".utf8)).write(to: Self.table)
      return
    }
    for name in names {
      let key = "\(area)/\(name)"
      let outcome = try #require(outcomes[key])
      #expect(Int32(outcome.exit).map(Self.documentedExits.contains) == true, "\(key): \(outcome.exit)")
      guard let expected = table[key], let pending = expected.pending else {
        #expect(outcome == table[key], "\(key)")
        continue
      }
      #expect(outcome.exit == expected.exit, "\(key)")
      withKnownIssue("\(key): \(pending)") {
        #expect(outcome.message.contains("\(name):"), "\(key): \(outcome.message)")
      }
    }
    #expect(Set(table.keys.filter { $0.hasPrefix(area + "/") }) == Set(names.map { "\(area)/\($0)" }))
  }

  /// Runs `adhost` with a 60 s guard; the verdict is the first stderr line from `adhost` itself
  /// (paths in the scratch folder and the server's port made neutral).
  private func run(_ arguments: [String], corpus: HostileCorpus) -> Outcome {
    let process = Process()
    process.executableURL = Self.executable
    process.arguments = arguments
    process.currentDirectoryURL = corpus.folder
    process.environment = ["NO_COLOR": "1"].merging(sanitizerEnvironment) { own, _ in own }
    let errors = FileManager.default.temporaryDirectory.appendingPathComponent(
      "adhost-corpus-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: errors) }
    _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
    guard let errorHandle = try? FileHandle(forWritingTo: errors) else {
      return Outcome(exit: "no stderr", message: "")
    }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = errorHandle
    let done = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in done.signal() }
    do { try process.run() } catch { return Outcome(exit: "not started", message: "\(error)") }
    if done.wait(timeout: .now() + 60) == .timedOut {
      process.interrupt()
      process.terminate()
      done.wait()
      return Outcome(exit: "hang", message: "")
    }
    try? errorHandle.close()
    let text = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
    let verdict = text.split(separator: "\n").first { $0.hasPrefix("adhost ") }.map(String.init) ?? ""
    let exit =
      process.terminationReason == .uncaughtSignal
      ? "signal \(process.terminationStatus)" : "\(process.terminationStatus)"
    let neutral = verdict.replacingOccurrences(of: corpus.folder.path, with: "<corpus>")
      .replacingOccurrences(of: corpus.folder.resolvingSymlinksInPath().path, with: "<corpus>")
      .replacingOccurrences(of: "127.0.0.1:\(corpus.server.port)", with: "127.0.0.1:<port>")
    return Outcome(exit: exit, message: neutral)
  }
}
