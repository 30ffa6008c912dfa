import Foundation

/// What `adhost test` writes once its scenarios ran, or once a signal stopped them: the counts,
/// the JUnit file and the report folder; with a signal, first the lines of the scenarios not
/// printed yet, those that finished and those that did not, named.
struct TestOutcome: Sendable {
  let console: Console
  let options: TestOptions
  /// The line of each scenario and the counts.
  var lines: TestReport { TestReport(console: console, json: options.json) }

  /// Writes the outcome of every scenario and returns the exit code.
  @discardableResult
  func write(_ results: [ScenarioResult], unfinished: [String] = []) -> Int32 {
    lines.summary(results, unfinished: unfinished.count)
    if let junit = options.junit {
      do {
        try UserFile.write(JUnitReport.xml(results, unfinished: unfinished), to: junit)
      } catch {
        console.printError(
          "adhost test: cannot write the JUnit report \(junit): \(WritePath.reason(file: junit, error))")
        return ExitCode.outputNotSaved
      }
    }
    if let folder = options.report {
      do {
        try ScenarioPage.write(results, to: folder)
      } catch {
        console.printError(
          "adhost test: cannot write the HTML report into \(folder): \(WritePath.reason(folder: folder, error))"
        )
        return ExitCode.outputNotSaved
      }
    }
    return results.allSatisfy(\.passed) && unfinished.isEmpty ? ExitCode.success : ExitCode.failure
  }

  /// On SIGINT or SIGTERM (`signal`): the lines of the scenarios not printed yet, in path order,
  /// then the outcome of those that finished, with the others named as interrupted.
  func keep(_ stopped: (finished: [ScenarioResult], rest: [ScenarioState]), interruptedBy signal: String) {
    var unfinished: [String] = []
    for state in stopped.rest {
      switch state {
      case .finished(let result): lines.print(result)
      case .unfinished(let file):
        lines.printInterrupted(file)
        unfinished.append(file)
      }
    }
    write(stopped.finished, unfinished: unfinished)
    let count = unfinished.count
    console.printError(
      InterruptFlush.note(
        "test", signal,
        count == 0
          ? "every scenario had finished"
          : "\(count) scenario\(count == 1 ? "" : "s") did not finish"))
  }
}
