/// Why a `Double` could not become an integer: the value, the integer type asked for and the reason.
///
/// Its `description` reads as the end of a sentence about a named field, for example
/// `"width must be a whole number from 0 to 2147483647, got 1e+300"` is
/// `"width must be \(error.expected), got \(error.got)"`.
public struct IntegerConversionError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What was wrong with the value.
  public enum Reason: Equatable, Sendable {
    /// NaN.
    case notANumber
    /// `+inf` or `-inf`.
    case infinite
    /// A fraction where a whole number was required (no rounding was asked for).
    case notIntegral
    /// A whole number outside the integer type's range (or the range the caller asked for).
    case outOfRange
  }

  /// The value that was refused.
  public let value: Double
  /// Why it was refused.
  public let reason: Reason
  /// The smallest value accepted.
  public let minimum: String
  /// The largest value accepted.
  public let maximum: String

  /// What was expected, e.g. `"a whole number from 0 to 255"`.
  public var expected: String {
    switch reason {
    case .notANumber, .infinite: "a finite number from \(minimum) to \(maximum)"
    case .notIntegral, .outOfRange: "a whole number from \(minimum) to \(maximum)"
    }
  }

  /// The refused value as text: `nan`, `inf`, `-inf`, `1e+300`, `2.5`.
  public var got: String { CheckedNumbers.describe(value) }

  public var description: String { "expected \(expected), got \(got)" }

  @usableFromInline
  init(value: Double, reason: Reason, minimum: String, maximum: String) {
    self.value = value
    self.reason = reason
    self.minimum = minimum
    self.maximum = maximum
  }
}

/// Checked conversions of numbers read from outside (Lua, JSON, VAST, HLS) into integer types.
///
/// Swift's `Int(someDouble)` traps on NaN, infinity and values out of range, which kills the host;
/// every conversion of such a number goes through `FixedWidthInteger.init(checking:rounding:in:)`
/// instead (`scripts/lint.sh` refuses a bare one in `Sources`).
public enum CheckedNumbers {
  /// A `Double` as a message shows it: `nan`, `inf`, `-inf`, whole numbers without `.0`
  /// (`42`, `-3`), others as Swift prints them (`2.5`, `1e+300`).
  public static func describe(_ value: Double) -> String {
    if value.isNaN { return "nan" }
    if value.isInfinite { return value < 0 ? "-inf" : "inf" }
    if let whole = Int64(exactly: value), whole.magnitude < 10_000_000_000_000_000 { return String(whole) }
    return String(value)
  }
}

extension FixedWidthInteger {
  /// Converts `value` to this type, refusing NaN, infinities, fractions (unless `rule` rounds them)
  /// and values outside `range` (by default the type's whole range).
  ///
  /// Use `try?` where a missing value is the answer; otherwise name the field in the message:
  /// `"width must be \(error.expected), got \(error.got)"`.
  ///
  /// Inlinable, so that each caller gets it for its concrete type: called generically across
  /// modules (`Self(exactly:)` through metadata lookups) it cost about a microsecond, which the
  /// player paid for every cue time and every position it converted.
  @inlinable
  public init(
    checking value: Double, rounding rule: FloatingPointRoundingRule? = nil,
    in range: ClosedRange<Self>? = nil
  ) throws(IntegerConversionError) {
    let bounds = range ?? Self.min...Self.max
    let reason: IntegerConversionError.Reason
    if value.isNaN {
      reason = .notANumber
    } else if value.isInfinite {
      reason = .infinite
    } else {
      let whole = rule.map { value.rounded($0) } ?? value
      if whole != whole.rounded(.towardZero) {
        reason = .notIntegral
      } else if let converted = Self(exactly: whole), bounds.contains(converted) {
        // `init(exactly:)` answers nil for whole numbers outside the type, never traps.
        self = converted
        return
      } else {
        reason = .outOfRange
      }
    }
    throw IntegerConversionError(
      value: value, reason: reason, minimum: String(bounds.lowerBound), maximum: String(bounds.upperBound))
  }

  /// Converts `value` to this type, or nil when it is NaN, infinite, a fraction (unless `rule`
  /// rounds it) or outside `range`.
  @inlinable
  public static func checked(
    _ value: Double, rounding rule: FloatingPointRoundingRule? = nil, in range: ClosedRange<Self>? = nil
  ) -> Self? {
    try? Self(checking: value, rounding: rule, in: range)
  }

  /// `self + other`, or nil when the sum does not fit this type.
  public func checkedAdding(_ other: Self) -> Self? {
    let (sum, overflow) = addingReportingOverflow(other)
    return overflow ? nil : sum
  }

  /// `self * other`, or nil when the product does not fit this type.
  public func checkedMultiplying(by other: Self) -> Self? {
    let (product, overflow) = multipliedReportingOverflow(by: other)
    return overflow ? nil : product
  }
}
