import Foundation
import VASTKit

extension VASTCommand {
  /// Prints a VMAP document's schedule (text or JSON). Exit 1 when the document is rejected
  /// or no break can play, printing the VMAP code.
  static func printVMAP(_ data: Data, source: String, json: Bool, console: Console) throws -> Int32 {
    var document: VMAPDocument
    do {
      document = try VMAPParser.parse(data)
    } catch {
      if json,
        let text = try? encode(["error": ["code": "\(error.code.rawValue)", "message": error.message]])
      {
        console.print(text)
      }
      console.printError(
        "adhost vast: VMAP error \(error.code.rawValue) (\(error.code.summary)): \(source): \(error.message)")
      return ExitCode.failure
    }
    document.issues = catalogueIssues(Array(data), source: source)
    console.print(json ? try encode(document) : document.text(source: source, style: console.styled))
    if !document.adBreaks.isEmpty, let first = document.adBreaks.first(where: { $0.error != nil })?.error,
      document.adBreaks.allSatisfy({ $0.error != nil })
    {
      if !json { console.printError("adhost vast: VMAP error \(first.code.rawValue): no break can play") }
      return ExitCode.failure
    }
    return ExitCode.success
  }
}
