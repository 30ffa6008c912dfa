import Foundation
import TestFiles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A private tmux server for one test (its own socket in a scratch folder, `tmux -S`), killed
/// and its folder removed when the test ends.
///
/// tmux is started with `posix_spawn` and waited for by its pid. Foundation's `Process` on Linux
/// learns that a child ended when a socket it gives the child is closed; the first tmux client
/// forks the server, the server keeps that socket, and `waitUntilExit` would wait for the server.
final class TmuxServer {
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  private let scratch: Scratch
  private let socket: String

  init() throws {
    scratch = try Scratch()
    socket = scratch.folder.appendingPathComponent("tmux.sock").path
  }

  deinit { _ = try? run(["kill-server"]) }

  /// Runs `tmux -S <socket> <arguments>` and returns what it printed.
  @discardableResult
  func run(_ arguments: [String]) throws -> String { try spawn(arguments).output }

  /// Whether the session is still there (tmux ends a session when its program exits).
  func hasSession(_ session: String) throws -> Bool { try spawn(["has-session", "-t", session]).status == 0 }

  /// Runs `tmux -S <socket> <arguments>`: its exit status and what it printed.
  private func spawn(_ arguments: [String]) throws -> (status: Int32, output: String) {
    let output = scratch.folder.appendingPathComponent("tmux-output").path
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)

    let words = ["tmux", "-S", socket] + arguments
    let argv = words.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid = pid_t()
    let spawned = posix_spawnp(&pid, "tmux", &actions, nil, argv, environ)
    guard spawned == 0 else {
      throw Failure(description: "tmux could not start: \(String(cString: strerror(spawned)))")
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : -1
    return (exitStatus, (try? String(contentsOfFile: output, encoding: .utf8)) ?? "")
  }
}
