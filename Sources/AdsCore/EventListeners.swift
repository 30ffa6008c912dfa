import PlayerSeam

/// Listeners by event type. Removing a listener while an event is being dispatched takes effect
/// from the next event; a listener added during dispatch first hears the next event. Each type's
/// listeners sit in slots, a removed one leaving a hole until more than half are holes, and an
/// id finds its slot at once: adding and removing take constant (amortised) work.
package final class EventListeners {
  private struct Table {
    var slots: [(id: Int, listener: (PlayerEvent) -> Void)?] = []
    var slotOfId: [Int: Int] = [:]
    var holes = 0
  }

  private var tables: [Table]
  private var nextId = 0
  /// Listener entries visited by adding, removing and compacting (a work count, for tests and benches).
  package var steps = 0

  package init() { tables = Array(repeating: Table(), count: EventType.allCases.count) }

  package func add(_ type: EventType, _ listener: @escaping (PlayerEvent) -> Void) -> ListenerToken {
    nextId += 1
    tables[type.index].slotOfId[nextId] = tables[type.index].slots.count
    tables[type.index].slots.append((nextId, listener))
    steps += 1
    return ListenerToken(type: type, id: nextId)
  }

  /// Returns whether the listener was registered.
  @discardableResult
  package func remove(_ token: ListenerToken) -> Bool {
    guard let slot = tables[token.type.index].slotOfId.removeValue(forKey: token.id) else { return false }
    tables[token.type.index].slots[slot] = nil
    tables[token.type.index].holes += 1
    steps += 1
    if tables[token.type.index].holes > tables[token.type.index].slots.count / 2 { compact(token.type.index) }
    return true
  }

  private func compact(_ index: Int) {
    steps += tables[index].slots.count
    var table = Table()
    for case let entry? in tables[index].slots {
      table.slotOfId[entry.id] = table.slots.count
      table.slots.append(entry)
    }
    tables[index] = table
  }

  package func hasListeners(_ type: EventType) -> Bool { !tables[type.index].slotOfId.isEmpty }

  package func dispatch(_ event: PlayerEvent) {
    let slots = tables[event.type.index].slots
    for case let entry? in slots { entry.listener(event) }
  }
}
