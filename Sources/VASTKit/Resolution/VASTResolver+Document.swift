import Foundation

extension VASTResolver {
  /// Resolves a document already parsed (the inline VAST of a VMAP break); relative wrapper URIs
  /// resolve against `baseURL`, and the chains start at `inline` without one.
  public func resolve(document: VASTDocument, baseURL: URL? = nil) async throws(VASTError) -> VASTResolution {
    try await ResolutionRun(resolver: self).resolveRoot(document: document, url: baseURL)
  }

  /// Resolves a parsed document; `completion` runs once, on any thread.
  public func resolve(
    document: VASTDocument, baseURL: URL?,
    completion: @escaping @Sendable (Result<VASTResolution, VASTError>) -> Void
  ) {
    Task {
      do throws(VASTError) {
        completion(.success(try await resolve(document: document, baseURL: baseURL)))
      } catch {
        completion(.failure(error))
      }
    }
  }
}

extension VASTResolver {
  /// Fetches the document at `url` as `resolve(url:)` does (a `vast` request within the budget;
  /// a failure is **301** naming the URL, a body over the cap **100**), without parsing it.
  public func fetch(_ url: URL) async throws(VASTError) -> Data {
    try await ResolutionRun(resolver: self).fetch(url, code: .wrapperTimeout, kind: .vast)
  }
}
