import CLibXML2
import Foundation
import VASTKit

/// `adhost-bench vast [files…]`: documents per second for the full VASTKit parse into the model
/// and for a bare libxml2 SAX pass (no callbacks) over the same in-memory bytes.
enum VASTBench {
  static var suite: Suite {
    Suite(
      name: "vast", summary: "VAST and VMAP parse into the model vs a bare libxml2 SAX pass (docs/s, ratio)",
      figures: [
        "docs", "vmap_docs", "parse_docs_per_s", "raw_sax_docs_per_s", "ratio",
        "vmap_parse_docs_per_s", "vmap_raw_sax_docs_per_s", "vmap_ratio",
      ],
      run: run)
  }

  struct BenchError: Error, CustomStringConvertible {
    let description: String
  }

  static func run(_ arguments: [String]) throws -> [(key: String, value: BenchValue)] {
    let paths = arguments.isEmpty ? try defaultFiles() : arguments.flatMap(expand)
    let documents = try paths.map { path in
      do { return try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
        throw BenchError(description: "cannot read \(path): \(error.localizedDescription)")
      }
    }
    guard !documents.isEmpty else { throw BenchError(description: "no documents to parse") }
    let parser = VASTParser()
    let vmapParser = VMAPParser()
    let raw = RawSAXPass()
    // Which parser a document needs is decided once, outside the timed rounds.
    let isVMAP = documents.map(VMAPParser.isVMAP)
    // Warm up both, then alternate rounds so both see the same machine conditions.
    for _ in 0..<20 {
      for (document, vmap) in zip(documents, isVMAP) {
        _ = parse(parser, vmapParser, document, isVMAP: vmap)
        raw.run(document)
      }
    }
    let all = measure(seconds: 4, minimumRounds: 10) {
      for (document, vmap) in zip(documents, isVMAP) { _ = parse(parser, vmapParser, document, isVMAP: vmap) }
    } raw: {
      for document in documents { raw.run(document) }
    }
    var figures: [(key: String, value: BenchValue)] = [
      ("docs", .integer(documents.count)),
      ("vmap_docs", .integer(isVMAP.filter { $0 }.count)),
      ("parse_docs_per_s", .number(Double(documents.count) / all.parse)),
      ("raw_sax_docs_per_s", .number(Double(documents.count) / all.raw)),
      ("ratio", .number(all.raw / all.parse)),
    ]
    // The VMAP documents on their own (their inline VAST parsed too), in rounds of their own:
    // one small document among a hundred VAST ones would hardly move the figures above.
    let vmaps = zip(documents, isVMAP).filter(\.1).map(\.0)
    if !vmaps.isEmpty {
      let repeats = 50
      let alone = measure(seconds: 2, minimumRounds: 10) {
        for _ in 0..<repeats { for document in vmaps { _ = try? vmapParser.parse(document) } }
      } raw: {
        for _ in 0..<repeats { for document in vmaps { raw.run(document) } }
      }
      let count = Double(repeats * vmaps.count)
      figures += [
        ("vmap_parse_docs_per_s", .number(count / alone.parse)),
        ("vmap_raw_sax_docs_per_s", .number(count / alone.raw)),
        ("vmap_ratio", .number(alone.raw / alone.parse)),
      ]
    }
    return figures
  }

  /// Runs `parse` and `raw` in alternating rounds for at least `seconds` and `minimumRounds`,
  /// and answers the mean seconds of one round of each.
  private static func measure(seconds: Double, minimumRounds: Int, parse: () -> Void, raw: () -> Void)
    -> (parse: Double, raw: Double)
  {
    var parseTime = 0.0
    var rawTime = 0.0
    var rounds = 0
    let start = monotonicSeconds()
    while monotonicSeconds() - start < seconds || rounds < minimumRounds {
      let t0 = monotonicSeconds()
      parse()
      let t1 = monotonicSeconds()
      raw()
      let t2 = monotonicSeconds()
      parseTime += t1 - t0
      rawTime += t2 - t1
      rounds += 1
    }
    return (parseTime / Double(rounds), rawTime / Double(rounds))
  }

  /// A VMAP document (found by its root) goes to the VMAP parser, which parses its inline VAST.
  private static func parse(_ parser: VASTParser, _ vmapParser: VMAPParser, _ data: Data, isVMAP: Bool)
    -> Bool
  {
    if isVMAP { return (try? vmapParser.parse(data)) != nil }
    return (try? parser.parse(data)) != nil
  }

  /// Every XML file under `shared/vast-samples` except `xsd/`, found from the current folder
  /// or from the executable's folder upwards, and the checkout's VMAP sample(s) in `examples/vmap`.
  static func defaultFiles() throws -> [String] {
    var starts = [URL(fileURLWithPath: FileManager.default.currentDirectoryPath)]
    starts.append(
      URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent())
    for start in starts {
      var folder = start
      for _ in 0..<8 {
        let candidate = folder.appendingPathComponent("../shared/vast-samples").standardizedFileURL
        if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("README.md").path) {
          return xmlFiles(under: candidate) + vmapSamples(from: starts)
        }
        folder.deleteLastPathComponent()
      }
    }
    throw BenchError(
      description: "../shared/vast-samples not found from the current folder or the executable")
  }

  /// The XML files of the first `examples/vmap` found from `starts` upwards (the checkout's).
  private static func vmapSamples(from starts: [URL]) -> [String] {
    for start in starts {
      var folder = start
      for _ in 0..<8 {
        let candidate = folder.appendingPathComponent("examples/vmap")
        if FileManager.default.fileExists(atPath: candidate.path) { return xmlFiles(under: candidate) }
        folder.deleteLastPathComponent()
      }
    }
    return []
  }

  /// A file as is; a folder as every XML file under it (`xsd/` excluded).
  private static func expand(_ path: String) -> [String] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue
    else {
      return [path]
    }
    return xmlFiles(under: URL(fileURLWithPath: path))
  }

  private static func xmlFiles(under folder: URL) -> [String] {
    guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return [] }
    var paths: [String] = []
    while let path = enumerator.nextObject() as? String {
      if path.hasSuffix(".xml") && !path.hasPrefix("xsd/") {
        paths.append(folder.appendingPathComponent(path).path)
      }
    }
    return paths.sorted()
  }
}

/// A libxml2 SAX2 parse with no callbacks, reusing one context like `VASTParser` does.
final class RawSAXPass {
  private let context: xmlParserCtxtPtr?

  init() {
    context = xmlNewParserCtxt()
    var sax = xmlSAXHandler()
    sax.initialized = XML_SAX2_MAGIC
    sax.serror = { _, _ in }  // keep libxml2's messages for the malformed samples off stderr
    context?.pointee.sax.pointee = sax
  }

  deinit { if let context { xmlFreeParserCtxt(context) } }

  func run(_ data: Data) {
    data.withUnsafeBytes { bytes in
      guard let base = bytes.baseAddress else { return }
      let options = Int32(XML_PARSE_NONET.rawValue) | Int32(XML_PARSE_NOCDATA.rawValue)
      _ = xmlCtxtReadMemory(
        context, base.assumingMemoryBound(to: CChar.self), Int32(bytes.count), nil, nil, options)
    }
  }
}
