import LuaKit
import PlayerSeam

/// The listeners one plugin added, found by token and by (event type, Lua function): adding and
/// removing take constant (amortised) work however many there are. The same function added twice
/// is two listeners; `removeEventListener` removes the one added first.
final class PluginListeners {
  struct Entry {
    let type: EventType
    let function: LuaFunction
    let token: ListenerToken
    let onAds: Bool
  }

  private struct Key: Hashable {
    let type: EventType
    let function: UnsafeRawPointer
  }

  /// Tokens in the order they were added; `head` skips those taken.
  private struct Queue {
    var tokens: [ListenerToken] = []
    var head = 0
    var isEmpty: Bool { head == tokens.count }
  }

  private var entries: [ListenerToken: Entry] = [:]
  private var byFunction: [Key: Queue] = [:]
  /// Entries visited by adding and removing (a work count, for tests and benches).
  private(set) var steps = 0

  var count: Int { entries.count }

  func add(_ entry: Entry) {
    entries[entry.token] = entry
    steps += 1
    guard let identity = entry.function.identity else { return }
    byFunction[Key(type: entry.type, function: identity), default: Queue()].tokens.append(entry.token)
  }

  /// Takes out the first listener added for `type` and `function`.
  func remove(_ type: EventType, _ function: LuaFunction) -> Entry? {
    guard let identity = function.identity else { return nil }
    let key = Key(type: type, function: identity)
    guard var queue = byFunction.removeValue(forKey: key) else { return nil }
    var found: Entry?
    while found == nil, !queue.isEmpty {
      found = entries.removeValue(forKey: queue.tokens[queue.head])
      queue.head += 1
      steps += 1
    }
    if queue.head * 2 > queue.tokens.count {
      steps += queue.tokens.count - queue.head
      queue.tokens.removeFirst(queue.head)
      queue.head = 0
    }
    if !queue.isEmpty { byFunction[key] = queue }
    return found
  }

  /// Takes out every listener.
  func removeAll() -> [Entry] {
    let all = Array(entries.values)
    steps += all.count
    entries.removeAll()
    byFunction.removeAll()
    return all
  }
}
