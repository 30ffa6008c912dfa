import Foundation

/// Element paths (`MPD/Period[2]/EventStream[1]`), made for errors and issues and for each
/// Period's and Representation's own.
extension MPDBuilder {
  /// The open element's path, e.g. `MPD/Period[2]/EventStream[1]`.
  @inline(__always) var path: String { Self.path(elements) }

  /// The path of `elements`, outermost first: written as bytes and made a `String` once (each
  /// Representation keeps its path, and appending piece by piece cost ≈ 5,000 instructions).
  static func path(_ elements: [OpenElement]) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(elements.count * 24)
    for (position, element) in elements.enumerated() {
      if position > 0 { bytes.append(UInt8(ascii: "/")) }
      if let localname = element.localname {
        let length = strlen(UnsafeRawPointer(localname).assumingMemoryBound(to: CChar.self))
        bytes.append(contentsOf: UnsafeBufferPointer(start: localname, count: length))
      }
      if element.name.indexSlot != nil {
        bytes.append(UInt8(ascii: "["))
        appendDecimal(element.index, to: &bytes)
        bytes.append(UInt8(ascii: "]"))
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends `number` in decimal, as `"\(number)"` writes it.
  private static func appendDecimal(_ number: Int32, to bytes: inout [UInt8]) {
    if number < 0 { bytes.append(UInt8(ascii: "-")) }
    let magnitude = number.magnitude
    var divisor: UInt32 = 1
    while divisor <= magnitude / 10 { divisor *= 10 }
    var rest = magnitude
    while divisor > 0 {
      bytes.append(UInt8(truncatingIfNeeded: rest / divisor) &+ UInt8(ascii: "0"))
      rest %= divisor
      divisor /= 10
    }
  }
}
