/// The ads of the log, found by id, by id and break, and by the break they are in, so that a
/// long run's checks do not scan every ad it ever had.
struct AdIndex {
  private struct Key: Hashable {
    let id: String
    let breakOffset: Double?
  }

  /// Every ad, in the order the log added them.
  private(set) var all: [AdRecord] = []
  private var byKey: [Key: [AdRecord]] = [:]
  private var byId: [String: [AdRecord]] = [:]
  /// The ads of each break not yet removed, by its offset.
  private var byBreak: [Double: [AdRecord]] = [:]

  mutating func add(_ ad: AdRecord) {
    all.append(ad)
    byKey[Key(id: ad.id, breakOffset: ad.breakOffset), default: []].append(ad)
    byId[ad.id, default: []].append(ad)
    if let offset = ad.breakOffset { byBreak[offset, default: []].append(ad) }
  }

  /// The ads of this id in the break at this offset, oldest first.
  func ads(_ id: String, in breakOffset: Double?) -> [AdRecord] {
    byKey[Key(id: id, breakOffset: breakOffset)] ?? []
  }

  /// The ads of this id, oldest first.
  func ads(_ id: String) -> [AdRecord] { byId[id] ?? [] }

  /// The ads of the break at this offset.
  func ads(inBreak offset: Double) -> [AdRecord] { byBreak[offset] ?? [] }

  /// The break at this offset was removed: a new break there starts without ads.
  mutating func breakRemoved(_ offset: Double) { byBreak[offset] = nil }
}
