/// 90 kHz MPEG timestamps (33 bits) made continuous across the wrap at 2^33 (≈ 26.5 h): each is
/// taken as the value, modulo 2^33, nearest to a reference — the caller's (the previous segment's
/// first timestamp) or else the segment's first one — as hls.js's `normalizePts` does.
struct TSTimestamps {
  static let wrap: Int64 = 1 << 33
  static let ticksPerSecond = 90_000.0
  private(set) var reference: Int64?

  /// Timestamps near `reference` (ticks, already unwrapped; bounded to ±2^50), or near the first.
  init(reference: Int64?) {
    self.reference = reference.map { min(max($0, -(1 << 50)), 1 << 50) }
  }

  /// The unwrapped value of a 33-bit timestamp, in ticks.
  mutating func unwrap(_ raw: UInt64) -> Int64 {
    let value = Int64(truncatingIfNeeded: raw & (1 << 33 - 1))
    guard let reference else {
      reference = value
      return value
    }
    // The multiple of 2^33 that brings the value within 2^32 of the reference.
    let turns = (reference - value + (1 << 32)) >> 33
    return value + turns * Self.wrap
  }

  static func seconds(_ ticks: Int64) -> Double { Double(ticks) / ticksPerSecond }
}
