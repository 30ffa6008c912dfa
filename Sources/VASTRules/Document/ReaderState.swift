import CLibXML2
import HardenedXML
import Synchronization

/// What reading a document for checking keeps from one document to the next: a libxml2
/// context (reused, as VASTKit's parser does: making one cost as much as reading a sample) and
/// the names read in its dictionary. Kept in a small pool, each state used by one thread at a
/// time.
// why: a state is taken out of the pool by one read and put back after it: one thread at a time.
final class ReaderState: @unchecked Sendable {
  private let frontEnd = XMLFrontEnd(
    maxBytes: PositionedReader.maxBytes, elements: PositionedReader.callbacks, reusesContext: true)
  // why: one thread at a time (the pool's contract), no overlapping access; read on every
  // element.
  /// The names of the current context's dictionary.
  @exclusivity(unchecked) var names = NameCache()
  @exclusivity(unchecked) private var namesGeneration = -1

  /// The states not in use.
  // why: a Mutex: documents are checked on several threads at once (tests, `adhost test`).
  private static let pool = Mutex<[ReaderState]>([])

  /// Runs `body` with a state no other thread holds.
  static func withState<Result>(_ body: (ReaderState) -> Result) -> Result {
    let state = pool.withLock { $0.popLast() } ?? ReaderState()
    defer {
      pool.withLock { free in
        if free.count < 8 { free.append(state) }
      }
    }
    return body(state)
  }

  /// Reads `bytes` into a tree.
  func read(_ bytes: [UInt8]) -> Result<PositionedReader.ReadDocument, PositionedReader.ReadFailure> {
    typealias Failure = PositionedReader.ReadFailure
    let context: xmlParserCtxtPtr
    switch frontEnd.begin(count: bytes.count) {
    case .success(let made): context = made
    case .failure(.tooLarge(let count, let cap)):
      return .failure(Failure(line: 1, message: "\(count) bytes, over the \(cap)-byte cap", entity: false))
    case .failure(.empty): return .failure(Failure(line: 1, message: "empty document", entity: false))
    case .failure(.noParser): return .failure(Failure(line: 1, message: "no XML parser", entity: false))
    }
    // The names are the context's dictionary's: a new context, new names.
    if namesGeneration != frontEnd.generation {
      names = NameCache()
      namesGeneration = frontEnd.generation
    }
    let document = CheckDocument(bytes: bytes)
    let (outcome, root) = bytes.withUnsafeBufferPointer { buffer in
      let box = PositionedReader.Box(document: document, bytes: buffer, context: context, state: self)
      return (frontEnd.read(UnsafeRawBufferPointer(buffer), context: context, box: box), box.root)
    }
    if let entity = outcome.refusedEntity {
      return .failure(
        Failure(line: entity.line, message: "entity declaration '\(entity.name)'", entity: true))
    }
    guard !outcome.failed, let root else {
      return .failure(
        Failure(
          line: outcome.error?.line ?? 1, message: outcome.error?.message ?? "not well-formed", entity: false)
      )
    }
    return .success(PositionedReader.ReadDocument(document: document, root: root, warnings: outcome.warnings))
  }
}

/// The `KnownName` of each name libxml2 interned in one parser context's dictionary, found by
/// the name's pointer (in a small open-addressing table, as `InternedNames` does) and checked
/// against its bytes: a name's string and what it means to the rules are made once per context,
/// not once per element.
struct NameCache {
  private static let size = 1024
  private var keys = [UInt](repeating: 0, count: size)
  private var values = [KnownName?](repeating: nil, count: size)
  private var count = 0

  /// The name at `pointer`, a NUL-terminated UTF-8 string.
  mutating func name(_ pointer: UnsafePointer<xmlChar>) -> KnownName {
    let key = UInt(bitPattern: pointer)
    var slot = Int(truncatingIfNeeded: (key >> 3) ^ (key >> 13)) & (Self.size - 1)
    while keys[slot] != 0 {
      if keys[slot] == key, let known = values[slot], known.isSpelled(pointer) { return known }
      slot = (slot + 1) & (Self.size - 1)
    }
    let made = KnownName(String(cString: pointer))
    // Half full at most, so that a search always meets an empty slot soon.
    if count < Self.size / 2 {
      keys[slot] = key
      values[slot] = made
      count += 1
    }
    return made
  }
}
