import Foundation
import HTTPKit
import LoopbackHTTP

@testable import VASTKit

/// VAST documents for the loopback tests, pointing back at the server.
enum Fixtures {
  static func wrapper(next: String, error: String, sequence: Int? = nil, id: String = "w") -> String {
    let sequenceAttribute = sequence.map { " sequence=\"\($0)\"" } ?? ""
    return """
      <VAST version="4.1"><Ad id="\(id)"\(sequenceAttribute)><Wrapper><AdSystem>t</AdSystem>
      <Error><![CDATA[\(error)]]></Error><Impression><![CDATA[https://imp.example/\(id)]]></Impression>
      <VASTAdTagURI><![CDATA[\(next)]]></VASTAdTagURI></Wrapper></Ad></VAST>
      """
  }

  static func inLine(
    id: String = "in", sequence: Int? = nil, error: String = "https://err.example/[ERRORCODE]"
  )
    -> String
  {
    """
    <VAST version="4.1">\(inLineAd(id: id, sequence: sequence, error: error))</VAST>
    """
  }

  static func inLineAd(id: String, sequence: Int? = nil, error: String = "https://err.example/[ERRORCODE]")
    -> String
  {
    let sequenceAttribute = sequence.map { " sequence=\"\($0)\"" } ?? ""
    return """
      <Ad id="\(id)"\(sequenceAttribute)><InLine><AdSystem>t</AdSystem><AdTitle>\(id)</AdTitle>
      <Error><![CDATA[\(error)]]></Error><Impression><![CDATA[https://imp.example/\(id)]]></Impression>
      <Creatives><Creative><Linear><Duration>00:00:10</Duration><MediaFiles>
      <MediaFile delivery="progressive" type="video/mp4" width="640" height="360">
      <![CDATA[https://cdn.example/\(id).mp4]]></MediaFile></MediaFiles></Linear></Creative></Creatives>
      </InLine></Ad>
      """
  }

  static func xml(_ text: String) -> LoopbackResponse { .text(text, type: "application/xml") }

  /// A resolver whose error beacons go through the same loopback-only client. The timeouts are
  /// long, so that a loaded machine cannot turn a test of something else into a 301; tests of
  /// timeouts give their own.
  static func resolver(
    timeout: Double = 10, budget: Double = 30, maxDepth: Int = 5, sink: @escaping VASTBeaconSink = { _ in }
  ) -> VASTResolver {
    // A session of its own, so that slow routes of tests running in parallel do not queue
    // this test's requests behind the per-host connection limit.
    let client = HTTPClient(timeout: timeout, transport: URLSessionTransport())
    let beacons = VASTBeaconSender(client: client, maxAttempts: 2, retryDelay: 0.05, timeout: 10, sink: sink)
    return VASTResolver(
      client: client,
      options: VASTResolverOptions(maxDepth: maxDepth, requestTimeout: timeout, totalBudget: budget),
      beacons: beacons)
  }

  /// A URL on the server as text, macros left literal (as ad servers write them).
  static func raw(_ server: LoopbackServer, _ pathAndQuery: String) -> String {
    "http://127.0.0.1:\(server.port)" + pathAndQuery
  }

  /// The `code` query values the server saw on a path.
  static func codes(_ server: LoopbackServer, _ path: String) -> [String] {
    server.requests(for: path).compactMap { $0.query["code"] }
  }

  static func error(_ work: () async throws(VASTError) -> VASTResolution) async -> VASTError? {
    do {
      _ = try await work()
      return nil
    } catch {
      return error
    }
  }
}
