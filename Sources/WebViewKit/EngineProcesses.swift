import Foundation

/// The engine's processes running now (each view's `adhost-webview` helper and its Xvfb), so that
/// a host ended by a signal can end them before it exits: Xvfb does not notice its parent is
/// gone and would stay.
public enum EngineProcesses {
  private static let lock = NSLock()
  nonisolated(unsafe) private static var running: Set<Int32> = []

  /// The process ids of the helpers and displays running now.
  public static var identifiers: [Int32] { lock.withLock { running.sorted() } }

  /// Ends every helper and display at once (SIGKILL, no waiting), from any thread: for a host
  /// that is about to exit on a signal, when there is no time to close its views.
  public static func killAll() {
    for pid in lock.withLock({ running }) { kill(pid, SIGKILL) }
  }

  static func started(_ pid: Int32) { _ = lock.withLock { running.insert(pid) } }

  static func ended(_ pid: Int32) { _ = lock.withLock { running.remove(pid) } }
}
