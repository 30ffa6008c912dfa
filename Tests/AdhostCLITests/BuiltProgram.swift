import Foundation

/// The `adhost` executable of the build that made these tests: it lies beside the test bundle,
/// whatever the scratch path (`.build/debug`, or `.build/asan/debug` for scripts/asan.sh).
let builtAdhost: String = {
  let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
  return bundle.deletingLastPathComponent().appendingPathComponent("adhost").path
}()

/// The sanitizer settings of this test process, for the `adhost` processes a test starts with an
/// environment of its own (scripts/asan.sh turns leak detection off through them).
let sanitizerEnvironment: [String: String] = ProcessInfo.processInfo.environment.filter {
  ["ASAN_OPTIONS", "LSAN_OPTIONS", "SWIFT_BACKTRACE"].contains($0.key)
}
