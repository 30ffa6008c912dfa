import CheckedNumbers
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A scenario's `setup` command, running (docs/testing.md#fixtures-and-variables): started in
/// the folder that names it, in a process group of its own; its standard output gives the
/// variables (`NAME=value` lines, up to an empty line or the end of its output); stopped by its
/// pid (SIGTERM to its group, SIGKILL 2 s later) once the scenario ran.
// why: `variables` is written in init only; other threads only call `stop` (a signal's `stopAll`).
final class SetupProcess: @unchecked Sendable {
  /// The command: run by `/bin/sh -c` when one string, else the program and its arguments.
  enum Command: Sendable, CustomStringConvertible {
    case shell(String)
    case program([String])

    var description: String {
      switch self {
      case .shell(let text): return text
      case .program(let words): return words.joined(separator: " ")
      }
    }
  }

  let pid: pid_t
  /// The variables it printed.
  private(set) var variables: [String: String] = [:]
  private let stopped = Mutex(false)
  private let errors: URL

  /// Setups running now, stopped when a signal ends `adhost test`.
  private static let running = Mutex<[pid_t: SetupProcess]>([:])

  /// Starts `command` in `folder` and reads its variables, waiting at most `timeout` seconds.
  init(_ command: Command, folder: String, timeout: Double) throws(SetupError) {
    errors = FileManager.default.temporaryDirectory.appendingPathComponent(
      "adhost-setup-\(UUID().uuidString)")
    // The shell goes into the folder, then becomes the command (so `pid` is the command's).
    let into = ["/bin/sh", "-c", "cd -- \"$0\" && exec \"$@\"", folder.isEmpty ? "." : folder]
    let arguments: [String]
    switch command {
    case .shell(let text): arguments = into + ["/bin/sh", "-c", text]
    case .program(let words): arguments = into + words
    }
    var output: [Int32] = [0, 0]
    // Close-on-exec: another scenario's setup started meanwhile must not hold this pipe open.
    guard pipe(&output) == 0 else {
      throw SetupError("cannot make a pipe: \(String(cString: strerror(errno)))")
    }
    for end in output { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    var started: pid_t = 0
    let status = Self.spawn(arguments, stdout: output[1], stderr: errors.path, pid: &started)
    close(output[1])
    guard status == 0 else {
      close(output[0])
      throw SetupError("cannot start \(command): \(String(cString: strerror(status)))")
    }
    pid = started
    Self.running.withLock { $0[pid] = self }
    defer { close(output[0]) }
    do {
      variables = try read(output[0], timeout: timeout)
    } catch {
      stop()
      throw SetupError("\(command): \(error.message)\(errorTail)")
    }
  }

  deinit { stop() }

  /// Ends the command and its children: SIGTERM to its process group, SIGKILL if it is still
  /// there 2 s later. Once only.
  func stop() {
    let first = stopped.withLock { stopped in
      defer { stopped = true }
      return !stopped
    }
    guard first else { return }
    Self.running.withLock { $0[pid] = nil }
    kill(-pid, SIGTERM)
    kill(pid, SIGTERM)
    var status: Int32 = 0
    for _ in 0..<200 {
      if waitpid(pid, &status, WNOHANG) != 0 { break }
      usleep(10_000)
    }
    if waitpid(pid, &status, WNOHANG) == 0 {
      kill(-pid, SIGKILL)
      kill(pid, SIGKILL)
      waitpid(pid, &status, 0)
    } else {
      kill(-pid, SIGKILL)
    }
    try? FileManager.default.removeItem(at: errors)
  }

  /// Stops every setup still running (a signal ends `adhost test`).
  static func stopAll() {
    let all = running.withLock { Array($0.values) }
    for process in all { process.stop() }
  }

  /// The `NAME=value` lines up to an empty line or the end of the output.
  private func read(_ fd: Int32, timeout: Double) throws(SetupError) -> [String: String] {
    let deadline = Date().addingTimeInterval(timeout)
    var buffer: [UInt8] = []
    var variables: [String: String] = [:]
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      while let newline = buffer.firstIndex(of: 10) {
        let line = String(decoding: buffer[..<newline], as: UTF8.self)
        buffer.removeSubrange(...newline)
        if line.isEmpty { return variables }
        try Self.variable(line, into: &variables)
      }
      guard buffer.count < 64 << 10 else { throw SetupError("printed a line longer than 64 KiB") }
      let left = deadline.timeIntervalSinceNow
      guard left > 0 else {
        throw SetupError(
          "printed no empty line within \(CheckedNumbers.describe(timeout)) s (expected NAME=value lines, then an "
            + "empty line or the end of its output)")
      }
      var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      let ready = poll(&poller, 1, 100)
      if ready < 0 && errno != EINTR {
        throw SetupError("cannot read its output: \(String(cString: strerror(errno)))")
      }
      guard ready > 0 else { continue }
      let count = Glibc.read(fd, &chunk, chunk.count)
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { break }
      buffer += chunk[..<count]
    }
    if !buffer.isEmpty { try Self.variable(String(decoding: buffer, as: UTF8.self), into: &variables) }
    // The end of its output: it exited (or is about to), or it closed its output and runs on.
    var status: Int32 = 0
    var reaped = waitpid(pid, &status, WNOHANG)
    for _ in 0..<100 where reaped == 0 {
      usleep(10_000)
      reaped = waitpid(pid, &status, WNOHANG)
    }
    if reaped == pid {
      stopped.withLock { $0 = true }
      Self.running.withLock { $0[pid] = nil }
      let exited = (status & 0x7f) == 0
      let code = (status >> 8) & 0xff
      if !exited || code != 0 {
        throw SetupError(exited ? "exited with status \(code)" : "was ended by signal \(status & 0x7f)")
      }
    }
    return variables
  }

  private static func variable(_ line: String, into variables: inout [String: String]) throws(SetupError) {
    let text = line.hasSuffix("\r") ? String(line.dropLast()) : line
    guard let equals = text.firstIndex(of: "="), ScenarioVariables.isName(text[..<equals]) else {
      throw SetupError(
        "printed \"\(text.prefix(200))\": expected NAME=value lines (NAME: letters, digits, _)")
    }
    variables[String(text[..<equals])] = String(text[text.index(after: equals)...])
  }

  /// The end of what it wrote to standard error, for a message.
  private var errorTail: String {
    guard let data = try? Data(contentsOf: errors), !data.isEmpty else { return "" }
    let text = String(decoding: data.suffix(600), as: UTF8.self).trimmingCharacters(
      in: .whitespacesAndNewlines)
    return "; its standard error ends: \(text)"
  }

  private static func spawn(
    _ arguments: [String], stdout: Int32, stderr: String, pid: inout pid_t
  ) -> Int32 {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, stdout, 1)
    posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    let flags = POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
    posix_spawnattr_setflags(&attributes, Int16(flags))
    posix_spawnattr_setpgroup(&attributes, 0)
    var empty = sigset_t()
    sigemptyset(&empty)
    posix_spawnattr_setsigmask(&attributes, &empty)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGINT, SIGTERM, SIGPIPE, SIGHUP] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var environment: [UnsafeMutablePointer<CChar>?] = Self.environment.map { strdup($0) } + [nil]
    defer { for pointer in environment { free(pointer) } }
    return posix_spawnp(&pid, arguments[0], &actions, &attributes, &argv, &environment)
  }

  /// A setup's environment: adhost's, with `ADHOST` the path of the adhost executable unless it
  /// is set already, so that a setup runs `exec "$ADHOST" media serve …` (docs/testing.md).
  static let environment: [String] = {
    var variables = ProcessInfo.processInfo.environment
    if variables["ADHOST"] == nil, let executable = adhostExecutable { variables["ADHOST"] = executable }
    return variables.map { "\($0.key)=\($0.value)" }
  }()

  /// This executable when it is adhost, else an `adhost` beside it (a test bundle's, in .build).
  private static var adhostExecutable: String? {
    guard let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() else { return nil }
    if executable.lastPathComponent == "adhost" { return executable.path }
    let sibling = executable.deletingLastPathComponent().appendingPathComponent("adhost").path
    return FileManager.default.isExecutableFile(atPath: sibling) ? sibling : nil
  }
}

/// A setup command that could not start, or did not give its variables.
struct SetupError: Error, CustomStringConvertible {
  let message: String
  init(_ message: String) { self.message = message }
  var description: String { message }
}
