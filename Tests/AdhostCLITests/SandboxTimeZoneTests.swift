import Foundation
import TestFiles
import Testing

/// The sandbox's dates do not depend on the machine's time zone: `adhost lua` run with a
/// zone 5:30 east of UTC (a POSIX `TZ`, no time zone data needed) still reads and writes UTC,
/// where Lua's own `os.date` and `os.time(table)` would be 5:30 off.
@Suite struct SandboxTimeZoneTests {
  @Test func datesAreUTCWhateverTheMachinesZone() throws {
    let scratch = try Scratch()
    let script = try scratch.write(
      "zone.lua",
      """
      return os.date("%H:%M", 0), os.time({ year = 1970, month = 1, day = 1, hour = 0 }),
        os.date("*t", 0).hour
      """)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: builtAdhost)
    process.arguments = ["lua", script, "--json"]
    process.environment = ["NO_COLOR": "1", "TZ": "XST-5:30"].merging(sanitizerEnvironment) { own, _ in own }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let printed = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(String(decoding: printed, as: UTF8.self) == "[\"00:00\",0,0]\n")
  }
}
