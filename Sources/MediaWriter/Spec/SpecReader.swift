import CheckedNumbers
import OutsideText

/// The spec's reading helpers on top of `JSONReader`: times inside the stream, lists of objects,
/// whole numbers and hex.
struct SpecReader {
  let json: JSONReader
  /// The stream's duration, which every time must stay below (nil while reading the duration).
  var duration: Double?

  init(_ value: JSONValue, path: String, duration: Double?) throws(JSONPathError) {
    json = try JSONReader(value, path: path)
    self.duration = duration
  }

  func error(_ key: String, _ expectation: String) -> JSONPathError {
    JSONPathError(path: json.path(key), expectation: expectation)
  }

  /// A number in `range` (a present, finite one when `required`).
  func seconds(_ key: String, required: Bool = false, above minimum: Double = 0) throws(JSONPathError)
    -> Double?
  {
    guard let number = try json.number(key) else {
      if required { throw error(key, "expected a number of seconds") }
      return nil
    }
    guard number.isFinite, number >= minimum, minimum == 0 || number > minimum else {
      throw error(key, "expected seconds above \(CheckedNumbers.describe(minimum)), found \(number)")
    }
    return number
  }

  /// A time in the stream: from 0 to below its duration.
  func time(_ key: String = "time") throws(JSONPathError) -> Double {
    guard let number = try json.number(key) else { throw error(key, "expected a time in seconds") }
    guard number.isFinite, number >= 0 else {
      throw error(key, "expected a time of 0 s or more, found \(number)")
    }
    if let duration, number >= duration {
      throw error(
        key,
        "\(CheckedNumbers.describe(number)) s is past the stream's duration of \(CheckedNumbers.describe(duration)) s"
      )
    }
    return number
  }

  /// A whole number fitting 32 bits.
  func u32(_ key: String, required: Bool = false, minimum: Int = 0) throws(JSONPathError) -> UInt32? {
    guard let whole = try json.integer(key, from: minimum, to: 0xFFFF_FFFF) else {
      if required { throw error(key, "expected a whole number from \(minimum) to \(UInt32.max)") }
      return nil
    }
    return UInt32(truncatingIfNeeded: whole)
  }

  func bool(_ key: String) throws(JSONPathError) -> Bool? {
    guard let value = json.value(key) else { return nil }
    guard let flag = value.boolValue else { throw json.mismatch(key, "true or false", value) }
    return flag
  }

  /// The objects of an array member, each read by `read` at its own path.
  func list<T>(_ key: String, _ read: (SpecReader) throws(JSONPathError) -> T) throws(JSONPathError) -> [T] {
    guard let value = json.value(key) else { return [] }
    guard let items = value.arrayValue else { throw json.mismatch(key, "an array", value) }
    var result: [T] = []
    for (index, item) in items.enumerated() {
      result.append(
        try read(try SpecReader(item, path: elementPath(json.path(key), index), duration: duration)))
    }
    return result
  }

  /// Bytes written as hex digits (`"0a d1 00 02"`, `"0x0AD10002"`; spaces ignored).
  func hex(_ key: String) throws(JSONPathError) -> [UInt8] {
    let text = try json.requiredString(key)
    guard let bytes = Self.bytes(hex: text) else {
      throw error(key, "expected hex digits, an even number of them")
    }
    return bytes
  }

  static func bytes(hex text: String) -> [UInt8]? {
    var digits = Array(text.filter { !$0.isWhitespace })
    if digits.starts(with: ["0", "x"]) || digits.starts(with: ["0", "X"]) { digits.removeFirst(2) }
    guard digits.count % 2 == 0 else { return nil }
    var bytes: [UInt8] = []
    for index in stride(from: 0, to: digits.count, by: 2) {
      guard let high = digits[index].hexDigitValue, let low = digits[index + 1].hexDigitValue else {
        return nil
      }
      bytes.append(UInt8(truncatingIfNeeded: high << 4 | low))
    }
    return bytes
  }
}
