import Foundation
import FuzzSupport
import VASTKit

/// One parser reused across inputs, as a long-lived host reuses it.
nonisolated(unsafe) private let reusedParser = VMAPParser()

/// libFuzzer's driver on this target's input function.
@main enum FuzzVMAPMain {
  static func main() { runFuzzer(fuzzVMAP) }
}

/// The VMAP parser (libxml2 SAX, inline VAST read in the same pass): any bytes give a schedule
/// or a VMAP error; a reused parser and a fresh one agree; the schedule renders as text (`adhost
/// vast` on a VMAP) and survives a JSON round-trip (`--json`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzVMAP(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let data = Data(inputBytes(start, count))
  let fresh = Result { () throws(VMAPError) in try VMAPParser.parse(data) }
  let reused = Result { () throws(VMAPError) in try reusedParser.parse(data) }
  invariant(fresh == reused, "a reused parser disagrees with a fresh one: \(fresh) vs \(reused)")
  guard case .success(let document) = fresh else { return 0 }
  _ = document.text(source: "fuzz.xml")
  for adBreak in document.adBreaks {
    guard let seconds = adBreak.timeOffset?.seconds(duration: 600) else { continue }
    invariant(seconds.isFinite, "break \(adBreak.breakId ?? "?") at \(seconds) s")
  }
  do {
    let encoded = try JSONEncoder().encode(document)
    let decoded = try JSONDecoder().decode(VMAPDocument.self, from: encoded)
    invariant(decoded == document, "the schedule changed in a JSON round-trip")
  } catch {
    invariant(false, "the schedule does not round-trip through JSON: \(error)")
  }
  return 0
}
