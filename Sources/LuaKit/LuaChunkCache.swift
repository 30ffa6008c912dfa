import Foundation
import Synchronization

/// Compiled Lua chunks shared by the states of one run of many (the scenarios of one `adhost
/// test`), so that a file every state loads (a plugin, an SDK module, a `require`d module) is
/// compiled once per run rather than once per state. Give one to each state (`LuaState.chunkCache`);
/// its states may run on different threads.
///
/// An entry is a chunk's source bytes and the binary chunk `lua_dump` made of it with its debug
/// information, so a state loading the binary gets the same function, with the same chunk name,
/// lines and names in its errors and tracebacks, as compiling the text would give it. A state
/// still reads the file every time, and uses the binary only when the bytes it read are the
/// cached source, byte for byte: a file edited since is compiled again (and replaces the entry).
/// Binary chunks come only from the host's own compiles; a plugin's `load` stays text only.
///
/// Scoped to whoever makes it: a cache made for a run ends with it, and a later run in the same
/// process compiles afresh. Bounded: past `byteLimit` bytes of sources and binaries, new chunks
/// are compiled and not kept. Any thread.
public final class LuaChunkCache: Sendable {
  private struct Entry: Sendable {
    let source: Data
    let binary: Data
    var bytes: Int { source.count + binary.count }
  }

  private struct Store: Sendable {
    var entries: [String: Entry] = [:]
    var bytes = 0
    var compiles = 0
    var hits = 0
  }

  private let store = Mutex(Store())
  /// The most bytes (sources and binaries) the cache keeps.
  public let byteLimit: Int

  /// An empty cache keeping at most `byteLimit` bytes of sources and binaries (default 64 MiB).
  public init(byteLimit: Int = 64 << 20) {
    self.byteLimit = byteLimit
  }

  /// How many chunks the states using this cache compiled from text (misses, and files changed).
  public var compiles: Int { store.withLock { $0.compiles } }
  /// How many chunks they loaded from a cached binary instead.
  public var hits: Int { store.withLock { $0.hits } }

  /// The key of a chunk: its name (which its binary carries) and the file it was read from.
  static func key(chunkName: String, file: String) -> String { chunkName + "\n" + file }

  /// The binary of `key` when its cached source is `source`, byte for byte; counts a hit.
  func binary(for key: String, source: UnsafeRawBufferPointer) -> Data? {
    store.withLock { store in
      guard let entry = store.entries[key], Self.same(entry.source, source) else { return nil }
      store.hits += 1
      return entry.binary
    }
  }

  /// Counts a compile from text, and keeps its binary for `key` when one was made and it fits.
  func compiled(_ key: String, source: UnsafeRawBufferPointer, binary: Data?) {
    store.withLock { store in
      store.compiles += 1
      guard let binary else { return }
      let entry = Entry(source: Data(source), binary: binary)
      let replaced = store.entries[key]?.bytes ?? 0
      guard store.bytes - replaced + entry.bytes <= byteLimit else { return }
      store.entries[key] = entry
      store.bytes += entry.bytes - replaced
    }
  }

  private static func same(_ cached: Data, _ source: UnsafeRawBufferPointer) -> Bool {
    guard cached.count == source.count else { return false }
    guard let base = source.baseAddress, source.count > 0 else { return true }
    return cached.withUnsafeBytes { cached in
      guard let cachedBase = cached.baseAddress else { return false }
      return memcmp(cachedBase, base, source.count) == 0
    }
  }
}
