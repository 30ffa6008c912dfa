import Foundation
import OutsideText
import Synchronization

/// Recording indexes read for one run of many (the scenarios of one `adhost test`), so that a
/// recording several scenarios replay has its `index.json` parsed and decoded once per run
/// rather than once per replay. Give one to each replay (`OfflineTransport(cache:)`); its
/// replays may start on different threads.
///
/// A replay still reads `index.json` every time, and takes the cached index only when the bytes
/// it read are the cached ones, byte for byte: an index rewritten since is parsed again (and
/// replaces the entry). What is checked against the folder (the journal, each body being a
/// regular file inside it) is checked at every load. Scoped to whoever makes it: a later run in
/// the same process parses afresh. Bounded: past `byteLimit` bytes of index text, new indexes
/// are parsed and not kept. Any thread.
public final class RecordingIndexCache: Sendable {
  private struct Entry: Sendable {
    let text: Data
    let index: RecordingIndex
  }

  private struct Store: Sendable {
    var entries: [String: Entry] = [:]
    var bytes = 0
    var parses = 0
    var hits = 0
  }

  private let store = Mutex(Store())
  /// The most bytes of index text the cache keeps.
  public let byteLimit: Int

  /// An empty cache keeping at most `byteLimit` bytes of index text (default 64 MiB).
  public init(byteLimit: Int = 64 << 20) {
    self.byteLimit = byteLimit
  }

  /// How many index texts the replays using this cache parsed (misses, and files changed).
  public var parses: Int { store.withLock { $0.parses } }
  /// How many replays took a cached index instead.
  public var hits: Int { store.withLock { $0.hits } }

  /// The index of `text`, read from `path`: the cached one when `text` is the text it was parsed
  /// from, else `parse(text)`, kept when it fits. A parse that fails is not kept.
  func index(
    at path: String, text: Data, parse: (Data) throws(JSONPathError) -> RecordingIndex
  ) throws(JSONPathError) -> RecordingIndex {
    let cached = store.withLock { store -> RecordingIndex? in
      guard let entry = store.entries[path], entry.text == text else { return nil }
      store.hits += 1
      return entry.index
    }
    if let cached { return cached }
    let index = try parse(text)
    store.withLock { store in
      store.parses += 1
      let replaced = store.entries[path]?.text.count ?? 0
      guard store.bytes - replaced + text.count <= byteLimit else { return }
      store.entries[path] = Entry(text: text, index: index)
      store.bytes += text.count - replaced
    }
    return index
  }
}
