import CheckedNumbers
import LuaKit

extension LuaValue {
  /// How a message names a value a field refused: a number by its value (`nan`, `inf`, `1e+300`,
  /// where "got number" would not say what is wrong), anything else by its type.
  var shownInErrors: String {
    if let number = numberValue { return CheckedNumbers.describe(number) }
    return typeName
  }
}
