import Foundation

/// Holds the answer to the last segment of a short VOD playlist until the engine's adaptive demuxer
/// has output its first buffer (the helper's first `.segment` event), for at most `longestHold`.
/// GStreamer 1.22's adaptivedemux2 fails a stream whose whole manifest it downloaded before it
/// exposed its pads ("Can't push EOS on non-exposed pad", then "Couldn't download fragments"): a
/// VOD of a few segments from a local server on a loaded machine lost that race in about one load
/// in three. A playlist of one segment cannot be helped so (its last segment is its first); the
/// helper loads such a pipeline again instead (`CGstShim/bus.c`). Any thread.
// why: the proxy's threads wait on a condition with a deadline, which Mutex does not offer.
final class EngineOutputGate: @unchecked Sendable {
  // why: a condition to wait on; `held` and `isOpen` are touched only while it is locked.
  private let condition = NSCondition()
  private var held: Set<String> = []
  private var isOpen = false
  /// The longest an answer is held, in wall seconds.
  static let longestHold = 10.0

  /// Takes in a playlist the engine fetched from `url`: the last segment of a VOD media playlist
  /// (`#EXT-X-ENDLIST`) with two segments or more is held until the demuxer outputs.
  func playlist(_ body: [UInt8], url: String) {
    guard let text = String(bytes: body, encoding: .utf8), text.contains("#EXT-X-ENDLIST"),
      let base = URL(string: url)
    else { return }
    let uris = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    guard uris.count >= 2, let last = uris.last, let resolved = URL(string: last, relativeTo: base) else {
      return
    }
    condition.lock()
    if !isOpen { held.insert(resolved.absoluteString) }
    condition.unlock()
  }

  /// Waits, when `url` is a held segment, until the demuxer output or `longestHold` passed.
  func waitIfHeld(_ url: String) {
    condition.lock()
    defer { condition.unlock() }
    guard held.contains(url) else { return }
    let deadline = Date(timeIntervalSinceNow: Self.longestHold)
    while !isOpen, condition.wait(until: deadline) {}
  }

  /// The demuxer output its first buffer: nothing is held from now on.
  func open() {
    condition.lock()
    isOpen = true
    held = []
    condition.broadcast()
    condition.unlock()
  }
}
