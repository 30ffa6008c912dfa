import Foundation

/// `adhost test --junit FILE`: one `testsuite` of one `testcase` per scenario, each failure a
/// `failure` (its message the first unmet expectation, its text all of them), what the run wrote
/// to standard error as `system-err`, the tracking vocabulary (when one was declared) as a
/// `property`; each scenario a signal stopped (`unfinished`) an `error`
/// whose message is `interrupted`.
enum JUnitReport {
  static func xml(_ results: [ScenarioResult], unfinished: [String] = []) -> String {
    let failed = results.filter { !$0.passed }.count
    let time = String(format: "%.3f", results.reduce(0) { $0 + $1.seconds })
    let counts =
      "tests=\"\(results.count + unfinished.count)\" failures=\"\(failed)\" errors=\"\(unfinished.count)\""
    var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    xml += "<testsuites name=\"adhost test\" \(counts) time=\"\(time)\">\n"
    xml += "  <testsuite name=\"adhost test\" \(counts) skipped=\"0\" time=\"\(time)\">\n"
    for result in results {
      xml += testcase(result.file, seconds: result.seconds)
      let tracking = TestReport.declaredTracking(result)
      guard !result.passed || !result.diagnostics.isEmpty || tracking != nil else {
        xml += "/>\n"
        continue
      }
      xml += ">\n"
      if let tracking {
        xml +=
          "      <properties><property name=\"tracking vocabulary\" value=\"\(escape("\(tracking)"))\"/></properties>\n"
      }
      if let first = result.failures.first {
        let all = result.failures.map(\.description).joined(separator: "\n")
        xml +=
          "      <failure message=\"\(escape(first.description))\" type=\"expectation\">\(escape(all))</failure>\n"
      }
      if !result.diagnostics.isEmpty {
        xml += "      <system-err>\(escape(result.diagnostics))</system-err>\n"
      }
      xml += "    </testcase>\n"
    }
    for file in unfinished {
      xml += testcase(file, seconds: 0) + ">\n      <error message=\"interrupted\"/>\n    </testcase>\n"
    }
    return xml + "  </testsuite>\n</testsuites>\n"
  }

  /// A `testcase` element's start, without its closing `>`.
  private static func testcase(_ file: String, seconds: Double) -> String {
    let folder = (file as NSString).deletingLastPathComponent
    return "    <testcase name=\"\(escape(file))\" classname=\"\(escape(folder.isEmpty ? "." : folder))\""
      + " time=\"\(String(format: "%.3f", seconds))\""
  }

  /// Text as XML character data or attribute value: markup escaped, characters XML 1.0 does not
  /// allow (control characters but tab and line breaks) as U+FFFD.
  static func escape(_ text: String) -> String {
    var escaped = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      case "\t", "\n", "\r": escaped.unicodeScalars.append(scalar)
      case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
        escaped += "\u{FFFD}"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }
}
