import Foundation

/// Splits the helper's output into lines, bounded: a line longer than `maxBytes` is never kept
/// whole (its bytes are dropped as they come, and it is reported once, as `overlong`), so the
/// host's memory and time do not grow with what a page makes the helper write. Each byte is
/// looked at once.
struct HelperLines {
  /// The longest line kept (the helper's events are far shorter: console messages are cut to
  /// 4 KiB).
  static let maxBytes = 1 << 20

  /// A complete line, or the length of one that was too long (dropped).
  enum Piece: Equatable {
    case line(Data)
    case overlong(bytes: Int)
  }

  private let maxBytes: Int
  private var pending = Data()
  /// Bytes of the over-long line being dropped; nil when none is.
  private var dropping: Int?

  init(maxBytes: Int = HelperLines.maxBytes) { self.maxBytes = maxBytes }

  /// The lines `data` completes, in order.
  mutating func feed(_ data: Data) -> [Piece] {
    var pieces: [Piece] = []
    var start = data.startIndex
    while let newline = data[start...].firstIndex(of: 0x0A) {
      let part = data[start..<newline]
      if let dropped = dropping {
        pieces.append(.overlong(bytes: dropped + part.count))
        dropping = nil
      } else if pending.count + part.count > maxBytes {
        pieces.append(.overlong(bytes: pending.count + part.count))
      } else {
        pieces.append(.line(pending + part))
      }
      pending.removeAll(keepingCapacity: pending.count <= 64 * 1024)
      start = data.index(after: newline)
    }
    let rest = data[start...]
    if let dropped = dropping {
      dropping = dropped + rest.count
    } else if pending.count + rest.count > maxBytes {
      dropping = pending.count + rest.count
      pending = Data()
    } else {
      pending.append(contentsOf: rest)
    }
    return pieces
  }
}
