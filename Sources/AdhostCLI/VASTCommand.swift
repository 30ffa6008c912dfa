import Foundation
import HTTPKit
import VASTKit

/// `adhost vast`: parse or resolve a VAST document and print its ad tree.
public enum VASTCommand: Command {
  /// `vast`.
  public static let name = "vast"
  /// The line for `adhost --help`.
  public static let summary = "parse or resolve a VAST tag and print its ads, media and tracking"
  /// The `--help` text.
  public static let help = """
    Usage: adhost vast <file-or-url> [--resolve] [--json] [--allow-http] [--timeout S]
                       [--max-depth N] [--width W --height H] [--max-bitrate KBPS] [--fire-errors]

    Reads a VAST document (a file path, a file: URL or an https URL) and prints each ad: id,
    sequence, duration, skip offset, the media file chosen for the player size, every
    impression, error and tracking URL by event, clicks and companions. A VMAP 1.0.1 document
    prints its schedule instead: each ad break's offset, type, source (inline VAST, AdTagURI
    or custom data) and tracking, and why a break cannot play (VMAP codes 1000-1008).

    Arguments:
      <file-or-url>        the VAST document or tag URL

    Options:
    \(options.help)

    Exit codes: 0 the document was read (and resolved) and an ad has a playable media file;
    1 a VAST error: the IAB code and reason are printed (100 not XML, 101 schema, 102 version,
    301 wrapper unreachable or timeout, 302 wrapper limit or loop, 303 no ads, 403 no playable
    media file), or for VMAP 1000 schema, 1001 version, 1002 not XML, or no break can play;
    64 bad usage or an unreadable file.
    """

  /// Parses the arguments, loads (and resolves) the document, prints the report.
  public static func run(_ arguments: [String], console: Console) async throws -> Int32 {
    let parsed = try ParsedArguments(arguments, spec: options.spec)
    try parsed.expectPositionals(1...1, "one VAST file or URL")
    let timeout = try parsed.number(Self.timeout) ?? 5
    let maxDepth = try parsed.integer(Self.maxDepth) ?? 5
    let width = try parsed.integer(Self.width) ?? 1280
    let height = try parsed.integer(Self.height) ?? 720
    guard timeout > 0 else { throw Self.timeout.error("must be above 0") }
    guard maxDepth >= 0 else { throw Self.maxDepth.error("must be 0 or more") }
    guard width > 0, height > 0 else {
      throw UsageError("\(Self.width.name) and \(Self.height.name): must be above 0")
    }
    let media = VASTMediaRequest(
      width: width, height: height, maxBitrate: try parsed.integer(Self.maxBitrate))
    let (url, isFile) = try location(parsed.positionals[0])
    let client = HTTPClient(
      policy: TransportPolicy(allowsArbitraryLoads: parsed.has(Self.allowHTTP), allowsFileURLs: isFile),
      timeout: timeout)
    let json = parsed.has(Self.json)
    // A VMAP schedule: a local file is looked at first (also with --resolve, which does not
    // load its AdTagURIs); a remote document when it has been loaded.
    if isFile, let data = try? Data(contentsOf: url), VMAPParser.isVMAP(data) {
      return try printVMAP(data, source: parsed.positionals[0], json: json, console: console)
    }
    let report: VASTReport
    var vmapData: Data?
    do throws(VASTError) {
      if parsed.has(Self.resolve) {
        let options = VASTResolverOptions(
          maxDepth: maxDepth, requestTimeout: timeout, totalBudget: max(10, 2 * timeout),
          firesErrorURLs: parsed.has(Self.fireErrors))
        let resolver = VASTResolver(
          client: client, options: options, beacons: VASTBeaconSender(client: client))
        report = VASTReport(
          source: url.absoluteString, resolution: try await resolver.resolve(url: url), media: media)
      } else {
        let data = try await load(url, client: client)
        guard !VMAPParser.isVMAP(data) else {
          vmapData = data
          throw VASTError(.undefined, "a VMAP document")
        }
        let document: VASTDocument
        do throws(VASTError) {
          document = try VASTParser.parse(data)
        } catch {
          // Named as given (a resolved document's errors name its URL in the same way).
          throw VASTError(error.code, "\(parsed.positionals[0]): \(error.message)")
        }
        if let unusable = document.noUsableAd {
          if parsed.has(Self.fireErrors) { await fire(unusable.reports, client: client) }
          throw VASTError(unusable.error.code, "\(parsed.positionals[0]): \(unusable.error.message)")
        }
        var parsedReport = VASTReport(source: url.absoluteString, document: document, media: media)
        parsedReport.issues = catalogueIssues(Array(data), source: parsed.positionals[0])
        report = parsedReport
      }
    } catch {
      if let vmapData {
        return try printVMAP(vmapData, source: parsed.positionals[0], json: json, console: console)
      }
      printFailure(error, json: json, console: console)
      return ExitCode.failure
    }
    if json {
      console.print(try encode(report))
    } else {
      console.print(report.text(style: console.styled))
    }
    let inLine = report.ads.filter { $0.ad.kind == .inLine && !$0.buffet }
    if !inLine.isEmpty, inLine.allSatisfy({ $0.selectedMedia == nil }), let first = inLine.first?.mediaError {
      if !json { console.printError("adhost vast: error \(first.code): \(first.message)") }
      return ExitCode.failure
    }
    return ExitCode.success
  }

  /// The URL of an argument: a URL with a scheme, or a path to an existing file.
  private static func location(_ argument: String) throws(UsageError) -> (URL, isFile: Bool) {
    if argument.contains("://") || argument.hasPrefix("file:") {
      guard let url = URL(string: argument), url.scheme != nil else {
        throw UsageError("not a URL: \(argument)")
      }
      return (url, url.isFileURL)
    }
    do {
      try LocalFile.checkRegular(argument)
    } catch {
      throw UsageError("\(argument): \(error)")
    }
    return (URL(fileURLWithPath: argument).standardizedFileURL, true)
  }

  private static func load(_ url: URL, client: HTTPClient) async throws(VASTError) -> Data {
    do {
      return try await client.fetch(url)
    } catch {
      if case .bodyTooLarge = error { throw VASTError(.xmlParsing, error.description) }
      throw VASTError(.wrapperTimeout, error.description)
    }
  }

  /// Sends Error URLs with their codes, as the resolver does for failed chains.
  private static func fire(_ reports: [VASTDocument.ErrorReport], client: HTTPClient) async {
    let beacons = VASTBeaconSender(client: client)
    for report in reports where !report.urls.isEmpty {
      var context = VASTMacroContext()
      context.errorCode = report.code.rawValue
      _ = await beacons.send(event: "error", urls: report.urls, context: context)
    }
  }

  private static func printFailure(_ error: VASTError, json: Bool, console: Console) {
    if json, let text = try? encode(["error": VASTReport.Failure(error)]) {
      console.print(text)
    }
    console.printError("adhost vast: error \(error.code.rawValue) (\(error.code.summary)): \(error.message)")
  }

  static func encode<T: Encodable>(_ value: T) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }
}
