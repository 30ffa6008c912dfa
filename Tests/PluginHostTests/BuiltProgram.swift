import Foundation

/// The `adhost` executable of the build that made these tests: it lies beside the test bundle,
/// whatever the scratch path (`.build/debug`, or `.build/asan/debug` for scripts/asan.sh).
let builtAdhost: String = {
  let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
  return bundle.deletingLastPathComponent().appendingPathComponent("adhost").path
}()
