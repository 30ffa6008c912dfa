import Foundation

/// Stops the fuzzer with a crash report when an invariant of the code under test is broken:
/// libFuzzer treats the abort like any other crash and saves the input that caused it.
public func invariant(
  _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID,
  line: UInt = #line
) {
  guard !condition() else { return }
  FileHandle.standardError.write(Data("invariant broken at \(file):\(line): \(message())\n".utf8))
  abort()
}

/// The fuzzer's input as a buffer (empty when libFuzzer passes no bytes).
public func inputBytes(_ start: UnsafePointer<UInt8>?, _ count: Int) -> UnsafeRawBufferPointer {
  guard let start, count > 0 else { return UnsafeRawBufferPointer(start: nil, count: 0) }
  return UnsafeRawBufferPointer(start: start, count: count)
}
