import CheckedNumbers
import Testing

/// The one checked conversion of outside numbers into integer types.
@Suite struct CheckedIntegerTests {
  @Test func wholeNumbersInRangeConvert() throws {
    #expect(try Int(checking: 42) == 42)
    #expect(try Int64(checking: -9_007_199_254_740_992) == -9_007_199_254_740_992)
    #expect(try UInt8(checking: 255) == 255)
    #expect(try Int(checking: -0.0) == 0)
    #expect(try Int64(checking: -9_223_372_036_854_775_808) == Int64.min)
  }

  @Test(arguments: [Double.nan, .infinity, -.infinity, 1e300, -1e300, 9_223_372_036_854_775_808, 2.5, 0.1])
  func refusedValuesThrowAndAnswerNil(_ value: Double) {
    #expect(throws: IntegerConversionError.self) { try Int(checking: value) }
    #expect(Int.checked(value) == nil)
    #expect(Int32.checked(value) == nil)
  }

  @Test func reasonsAndMessagesNameTheValue() {
    func error(_ value: Double, _ range: ClosedRange<Int32>? = nil) -> IntegerConversionError? {
      do {
        _ = try Int32(checking: value, in: range)
        return nil
      } catch { return error }
    }
    #expect(error(.nan)?.reason == .notANumber)
    #expect(error(.nan)?.got == "nan")
    #expect(error(-.infinity)?.reason == .infinite)
    #expect(error(-.infinity)?.got == "-inf")
    #expect(error(1.5)?.reason == .notIntegral)
    #expect(error(1e300)?.reason == .outOfRange)
    #expect(error(1e300)?.description == "expected a whole number from -2147483648 to 2147483647, got 1e+300")
    #expect(error(-1, 0...10)?.description == "expected a whole number from 0 to 10, got -1")
    #expect(error(.nan, 0...10)?.expected == "a finite number from 0 to 10")
  }

  @Test func roundingRulesApplyBeforeTheRangeCheck() throws {
    #expect(try Int(checking: 2.5, rounding: .toNearestOrAwayFromZero) == 3)
    #expect(try Int(checking: 2.9, rounding: .down) == 2)
    #expect(try UInt8(checking: 255.4, rounding: .toNearestOrEven) == 255)
    #expect(UInt8.checked(255.6, rounding: .toNearestOrEven) == nil)
    #expect(Int.checked(.nan, rounding: .down) == nil)
  }

  @Test func integerArithmeticReportsOverflowAsNil() {
    #expect(Int64.max.checkedAdding(1) == nil)
    #expect(Int64(41).checkedAdding(1) == 42)
    #expect(Int(4_000_000_000).checkedMultiplying(by: 4_000_000_000) == nil)
    #expect(Int32(1000).checkedMultiplying(by: 1000) == 1_000_000)
  }

  @Test func describeShowsWholeNumbersWithoutAFraction() {
    #expect(CheckedNumbers.describe(3) == "3")
    #expect(CheckedNumbers.describe(-2.5) == "-2.5")
    #expect(CheckedNumbers.describe(1e300) == "1e+300")
    #expect(CheckedNumbers.describe(.infinity) == "inf")
    #expect(CheckedNumbers.describe(-9_223_372_036_854_775_808) == "-9.223372036854776e+18")
    #expect(CheckedNumbers.describe(-0.0) == "0")
  }
}
