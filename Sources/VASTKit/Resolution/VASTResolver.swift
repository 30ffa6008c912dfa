import Foundation
import HTTPKit

/// Loads a VAST tag or document and follows its wrapper chains to InLine ads.
///
/// Ads of a response resolve concurrently. Each failure fires the `Error` URLs of its chain
/// with `[ERRORCODE]` (through `beacons`) before the resolution returns. Any thread.
public final class VASTResolver: Sendable {
  /// Where documents come from (its policy decides whether `http:` and `file:` are allowed).
  public let client: HTTPClient
  /// Depth, timeouts, budget.
  public let options: VASTResolverOptions
  /// Sends error beacons; nil sends none.
  public let beacons: VASTBeaconSender?
  /// Supplies the macro values (timestamp, cache buster, …) for tag URIs and error URLs.
  public let macroContext: @Sendable () -> VASTMacroContext

  /// A resolver.
  public init(
    client: HTTPClient, options: VASTResolverOptions = VASTResolverOptions(),
    beacons: VASTBeaconSender? = nil,
    macroContext: @escaping @Sendable () -> VASTMacroContext = { VASTMacroContext() }
  ) {
    self.client = client
    self.options = options
    self.beacons = beacons
    self.macroContext = macroContext
  }

  /// Loads the tag at `url` and resolves it.
  public func resolve(url: URL) async throws(VASTError) -> VASTResolution {
    let run = ResolutionRun(resolver: self)
    let data = try await run.fetch(url, code: .wrapperTimeout, kind: .vast)
    return try await run.resolveRoot(data: data, url: url)
  }

  /// Resolves a document given as bytes; relative wrapper URIs resolve against `baseURL`.
  public func resolve(data: Data, baseURL: URL? = nil) async throws(VASTError) -> VASTResolution {
    try await ResolutionRun(resolver: self).resolveRoot(data: data, url: baseURL)
  }

  /// Loads and resolves the tag at `url`; `completion` runs once, on any thread.
  public func resolve(url: URL, completion: @escaping @Sendable (Result<VASTResolution, VASTError>) -> Void) {
    Task {
      do throws(VASTError) {
        completion(.success(try await resolve(url: url)))
      } catch {
        completion(.failure(error))
      }
    }
  }

  /// Resolves a document given as bytes; `completion` runs once, on any thread.
  public func resolve(
    data: Data, baseURL: URL?, completion: @escaping @Sendable (Result<VASTResolution, VASTError>) -> Void
  ) {
    Task {
      do throws(VASTError) {
        completion(.success(try await resolve(data: data, baseURL: baseURL)))
      } catch {
        completion(.failure(error))
      }
    }
  }
}
