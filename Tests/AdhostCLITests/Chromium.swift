import Foundation
import TestFiles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Headless Chromium (Debian's `chromium`, installed by `ADHOST_TEST=1 scripts/setup.sh`) for the
/// HTML report's tests: one launch loads a page from disk, and writes a screenshot and the DOM
/// after the load event. Every console message (page errors, refused or failed loads among
/// them) is read from Chromium's log on standard error.
///
/// Chromium is started with `posix_spawn` and waited for by its pid (see `TmuxServer` for why
/// not `Process`), and killed if it has not finished after a minute.
struct Chromium {
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// What one load gave.
  struct Load {
    /// The DOM after the load event, when asked for.
    let dom: String
    /// The page's console messages (Chromium's `CONSOLE` log lines).
    let console: [String]
  }

  let executable: String
  private let scratch: Scratch

  /// Chromium from PATH; a clear failure when it is not installed (the tests must not skip).
  init() throws {
    let names = ["chromium", "chromium-browser", "google-chrome"]
    let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
    let candidates =
      names.flatMap { name in path.map { "\($0)/\(name)" } } + [
        "/Applications/Chromium.app/Contents/MacOS/Chromium"
      ]
    let found = candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    guard let found else {
      throw Failure(
        description:
          "Chromium is not installed: the report's browser tests need it (ADHOST_TEST=1 scripts/setup.sh)")
    }
    executable = found
    scratch = try Scratch()
  }

  /// Loads `page` in a `width`×`height` window; writes a screenshot to `screenshot` if given and
  /// dumps the DOM if `dom`; with `javaScript` false, scripts are off.
  func load(
    _ page: URL, width: Int, height: Int, screenshot: URL? = nil, dom: Bool = true, javaScript: Bool = true
  ) throws -> Load {
    let profile = scratch.folder.appendingPathComponent("profile-\(UUID().uuidString)").path
    var arguments = [
      "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
      "--hide-scrollbars", "--user-data-dir=\(profile)", "--enable-logging=stderr", "--v=0",
      "--window-size=\(width),\(height)",
    ]
    if !javaScript { arguments.append("--blink-settings=scriptEnabled=false") }
    if let screenshot { arguments.append("--screenshot=\(screenshot.path)") }
    if dom { arguments.append("--dump-dom") }
    arguments.append(page.absoluteString)
    let (output, errors) = try run(arguments)
    let console = errors.split(separator: "\n").filter { $0.contains(":CONSOLE") }.map(String.init)
    return Load(dom: output, console: console)
  }

  private func run(_ arguments: [String]) throws -> (output: String, errors: String) {
    let id = UUID().uuidString
    let output = scratch.folder.appendingPathComponent("out-\(id)").path
    let errors = scratch.folder.appendingPathComponent("err-\(id)").path
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid = pid_t()
    let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
    guard spawned == 0 else {
      throw Failure(description: "\(executable) could not start: \(String(cString: strerror(spawned)))")
    }
    var status: Int32 = 0
    var waited = 0
    while true {
      let result = waitpid(pid, &status, WNOHANG)
      if result == pid || (result == -1 && errno != EINTR) { break }
      if waited >= 60_000 {
        kill(pid, SIGKILL)
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        throw Failure(description: "Chromium did not finish within 60 s: \(arguments.joined(separator: " "))")
      }
      usleep(20_000)
      waited += 20
    }
    let text = { (path: String) in (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
    guard status == 0 else {
      throw Failure(description: "Chromium exited with status \(status): \(text(errors).suffix(2000))")
    }
    return (text(output), text(errors))
  }
}

/// The size a PNG file says it has (its IHDR chunk), or nil if it is no PNG.
func pngSize(_ data: Data) -> (width: Int, height: Int)? {
  let bytes = [UInt8](data.prefix(24))
  guard bytes.count == 24, bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A],
    bytes[12..<16] == [0x49, 0x48, 0x44, 0x52]  // "IHDR"
  else { return nil }
  let number = { (at: Int) in bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
  return (number(16), number(20))
}
