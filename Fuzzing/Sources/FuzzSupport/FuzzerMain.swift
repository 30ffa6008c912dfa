import CFuzzerDriver
import Foundation

/// Runs libFuzzer with this process's arguments on `testOneInput`, then exits with its status.
///
/// SwiftPM gives every executable target a `main` of its own (renamed, so that tests can link the
/// module), which hides libFuzzer's; so each target's `@main` hands control to libFuzzer here.
public func runFuzzer(_ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> Never {
  var argc = CommandLine.argc
  var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
  exit(LLVMFuzzerRunDriver(&argc, &argv, testOneInput))
}
