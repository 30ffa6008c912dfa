import Foundation
import Testing

@testable import AdhostCLI

/// Each option is declared once (`CommandOption`); parsing, `--help` and messages derive from it.
@Suite struct CLIOptionTests {
  @Test(arguments: HelpGolden.texts.keys.sorted())
  func helpIsPinned(_ command: String) async {
    let run = await adhost(command == "adhost" ? ["--help"] : [command, "--help"])
    #expect(run.code == 0)
    let expected = (HelpGolden.texts[command] ?? "") + "\n"
    let got = run.output.split(separator: "\n", omittingEmptySubsequences: false)
    let want = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let first = (0..<min(got.count, want.count)).first { got[$0] != want[$0] } ?? min(got.count, want.count)
    #expect(
      run.output == expected,
      "line \(first + 1): got '\(first < got.count ? got[first] : "")', expected '\(first < want.count ? want[first] : "")'"
    )
  }

  /// Usage lines and prose name options by hand: each one named must be one the command takes.
  @Test func everyOptionAHelpNamesIsOneItTakes() throws {
    let pattern = try NSRegularExpression(pattern: "(?<![\\w-])(--?[a-z][a-z-]*)")
    for command in Adhost.commands {
      let help = command.help
      let spellings = Set(command.options.options.flatMap(\.names) + CommandOption.help.names)
      for match in pattern.matches(in: help, range: NSRange(help.startIndex..., in: help)) {
        guard let range = Range(match.range(at: 1), in: help) else { continue }
        let name = String(help[range])
        #expect(
          spellings.contains(name), "adhost \(command.name) --help names \(name), which it does not take")
      }
    }
  }

  @Test func anOptionIsReadByItsDeclarationUnderEverySpelling() throws {
    let short = try ParsedArguments(["-j", "3"], spec: TestCommand.spec)
    let long = try ParsedArguments(["--jobs=4", "-j", "5"], spec: TestCommand.spec)
    #expect(short.value(TestOptions.jobs) == "3")
    #expect(long.values(TestOptions.jobs) == ["4", "5"])
  }

  @Test func badOptionsSayWhatIsWrong() async {
    let unknown = await adhost(["run", "--bogus"])
    #expect(unknown.code == ExitCode.usage)
    #expect(unknown.errors == "adhost run: unknown option '--bogus'\nRun 'adhost run --help' for usage.\n")
    let typo = await adhost(["run", "a", "b", "--unitl", "5"])
    #expect(typo.errors.hasPrefix("adhost run: unknown option '--unitl' (did you mean --until?)\n"))
    let shortTypo = await adhost(["test", "--jbos", "2"])
    #expect(shortTypo.errors.hasPrefix("adhost test: unknown option '--jbos' (did you mean --jobs?)\n"))
    let noValue = await adhost(["run", "a", "b", "--until"])
    #expect(noValue.errors.hasPrefix("adhost run: --until needs a value\n"))
    let flagValue = await adhost(["run", "a", "b", "--json=1"])
    #expect(flagValue.errors.hasPrefix("adhost run: --json takes no value\n"))
    let number = await adhost(["test", "-j", "x"])
    #expect(number.errors.hasPrefix("adhost test: --jobs: expected a whole number, got 'x'\n"))
  }

  /// `adhost display … --offline=DIR` (the `=` form) used to be dropped on its way to run's
  /// options, and the display went to the network: now it is read as `--offline DIR` is.
  @Test func displayReadsRunsOptionsInTheirEqualsForm() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let placement = folder.appendingPathComponent("placement.json")
    try Data(#"{"integration": "x"}"#.utf8).write(to: placement)
    let missing = folder.appendingPathComponent("no-recording").path
    let run = await adhost([
      "display", folder.appendingPathComponent("none.lua").path, placement.path, "--offline=\(missing)",
    ])
    #expect(run.code == ExitCode.usage, "\(run.errors)")
    #expect(run.errors.hasPrefix("adhost display: --offline \(missing): "), "\(run.errors)")
  }
}
