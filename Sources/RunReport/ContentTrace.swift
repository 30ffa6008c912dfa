/// The content timeline as a polyline: content time against virtual time, keeping only the
/// points where the slope changes, so that hours of steady playback cost two points.
public struct ContentTrace: Sendable {
  /// A point: virtual time and content time, in seconds.
  public struct Point: Equatable, Sendable {
    /// Virtual seconds.
    public let time: Double
    /// Content seconds.
    public let content: Double
  }

  /// The points, in virtual time order.
  public private(set) var points: [Point] = []

  /// An empty trace.
  public init() {}

  /// Adds the content time at a virtual time (not before the last one added). A point on the
  /// line through the last two replaces the last one.
  public mutating func add(time: Double, content: Double) {
    let point = Point(time: time, content: content)
    guard let last = points.last else {
      points.append(point)
      return
    }
    if last == point { return }
    if points.count >= 2 {
      let before = points[points.count - 2]
      if Self.collinear(before, last, point) {
        points[points.count - 1] = point
        return
      }
    }
    points.append(point)
  }

  /// Whether `b` lies on the segment from `a` towards `c` going the same way (so it can go).
  private static func collinear(_ a: Point, _ b: Point, _ c: Point) -> Bool {
    let (dt1, dc1) = (b.time - a.time, b.content - a.content)
    let (dt2, dc2) = (c.time - b.time, c.content - b.content)
    // A jump (no virtual time) and a step forward never merge with each other.
    if (dt1 == 0) != (dt2 == 0) { return false }
    if dt1 == 0 { return (dc1 >= 0) == (dc2 >= 0) }
    let cross = dc1 * dt2 - dc2 * dt1
    let scale = max(1, abs(dc1) + abs(dc2)) * max(1e-9, dt1 + dt2)
    return abs(cross) <= 1e-9 * scale
  }
}
