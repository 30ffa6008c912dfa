import Foundation
import FuzzSupport
import VASTKit

/// One parser reused across inputs, as a resolver reuses it across a wrapper chain.
nonisolated(unsafe) private let reusedParser = VASTParser()

/// What `adhost vast` and a plugin's `vast.parse` ask of a document: players of several sizes,
/// with and without a bitrate cap, progressive or streaming.
private let mediaRequests = [
  VASTMediaRequest(width: 640, height: 360),
  VASTMediaRequest(width: 0, height: 0),
  VASTMediaRequest(width: 1920, height: 1080, maxBitrate: 800, prefersStreaming: true),
]

/// The VAST parser (libxml2 SAX) and what is built on a parsed document: any bytes give a
/// document or a VAST error; a reused parser and a fresh one agree; media selection picks one of
/// the ad's own files; the report renders as text and JSON; the document survives a JSON round-trip.
/// libFuzzer's driver on this target's input function.
@main enum FuzzVASTMain {
  static func main() { runFuzzer(fuzzVAST) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzVAST(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let bytes = inputBytes(start, count)
  let fresh = VASTParser().parse(bytes: bytes)
  let reused = reusedParser.parse(bytes: bytes)
  invariant(fresh == reused, "a reused parser disagrees with a fresh one: \(fresh) vs \(reused)")
  guard case .success(let document) = fresh else { return 0 }
  for media in mediaRequests { checkReport(document, media) }
  do {
    let data = try JSONEncoder().encode(document)
    let decoded = try JSONDecoder().decode(VASTDocument.self, from: data)
    invariant(decoded == document, "the document changed in a JSON round-trip")
  } catch {
    invariant(false, "the document does not round-trip through JSON: \(error)")
  }
  return 0
}

private func checkReport(_ document: VASTDocument, _ media: VASTMediaRequest) {
  let report = VASTReport(source: "fuzz.xml", document: document, media: media)
  invariant(report.ads.count <= document.ads.count, "the report has more ads than the document")
  for entry in report.ads {
    guard let selected = entry.selectedMedia else { continue }
    let offered = entry.ad.creatives.flatMap { $0.linear?.mediaFiles ?? [] }
    invariant(offered.contains(selected), "the selected media file is not one of the ad's")
  }
  _ = report.text()
  do {
    _ = try JSONEncoder().encode(report)
  } catch {
    invariant(false, "`adhost vast --json` cannot encode the report: \(error)")
  }
}
