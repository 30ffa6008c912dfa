import Foundation
import Synchronization

/// The engine's processes running now (each view's `adhost-webview` helper and its Xvfb), so that
/// a host ended by a signal can end them before it exits: Xvfb does not notice its parent is
/// gone and would stay.
public enum EngineProcesses {
  private static let running = Mutex<Set<Int32>>([])

  /// The process ids of the helpers and displays running now.
  public static var identifiers: [Int32] { running.withLock { $0.sorted() } }

  /// Ends every helper and display at once (SIGKILL, no waiting), from any thread: for a host
  /// that is about to exit on a signal, when there is no time to close its views.
  public static func killAll() {
    for pid in running.withLock({ $0 }) { kill(pid, SIGKILL) }
  }

  static func started(_ pid: Int32) { _ = running.withLock { $0.insert(pid) } }

  static func ended(_ pid: Int32) { _ = running.withLock { $0.remove(pid) } }
}
