/// The table's rows of a long log: the first `head` and the last `tail` entries, each numbered
/// by its place among all the shown entries, and how many between were left out. Memory stays
/// that of `head + tail` rows however long the log.
public struct ReportRows: Sendable {
  /// A row: its number among all the shown entries (the page's `#row-N`), its entry and the
  /// entry's position in the whole log (`timeupdate`s counted).
  public struct Row: Sendable {
    public let number: Int
    public let item: ReportEntry
    public let position: Int
  }

  private let headLimit: Int
  private let tailLimit: Int
  /// The first rows.
  public private(set) var head: [Row] = []
  /// The last rows, as a ring once full: `ring[next]` is the oldest.
  private var ring: [Row] = []
  private var next = 0
  /// How many rows were added.
  public private(set) var total = 0

  /// Rows keeping the first `head` and the last `tail`.
  public init(head: Int, tail: Int) {
    headLimit = head
    tailLimit = tail
  }

  /// Adds the next row, the entry at `position` in the log; returns its number.
  @discardableResult
  public mutating func append(_ item: ReportEntry, position: Int = 0) -> Int {
    let row = Row(number: total, item: item, position: position)
    total += 1
    if head.count < headLimit {
      head.append(row)
    } else if ring.count < tailLimit {
      ring.append(row)
    } else {
      ring[next] = row
      next = (next + 1) % tailLimit
    }
    return row.number
  }

  /// The last rows, oldest first.
  public var tail: [Row] { Array(ring[next...] + ring[..<next]) }

  /// How many rows between `head` and `tail` were left out.
  public var omitted: Int { total - head.count - ring.count }

  /// Every row kept, in order.
  public var kept: [Row] { head + tail }

  /// How many rows are kept.
  public var count: Int { head.count + ring.count }
}
