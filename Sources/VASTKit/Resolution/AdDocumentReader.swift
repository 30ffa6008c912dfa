import Foundation

/// What an ad URL held: a VAST response resolved, or a VMAP schedule.
public enum AdDocument: Sendable {
  /// A VAST tag, resolved (or why not).
  case vast(Result<VASTResolution, VASTError>)
  /// A VMAP schedule, parsed (or why not).
  case vmap(Result<VMAPDocument, VMAPError>)
}

/// Reads the document of a client-side ad URL whose kind may be given (`vast`, `vmap`) or left
/// to the document: without a type, a root element `VMAP` makes it a schedule, anything else is
/// resolved as VAST. One request either way.
public struct AdDocumentReader: Sendable {
  /// Resolves VAST (its client fetches).
  public let resolver: VASTResolver
  /// Parses VMAP.
  public let loader: VMAPLoader

  /// A reader.
  public init(resolver: VASTResolver, loader: VMAPLoader) {
    self.resolver = resolver
    self.loader = loader
  }

  /// Reads `url` as `type` (`vast`, `vmap`, or nil to look); `completion` runs once, on any thread.
  public func read(_ url: URL, type: String?, completion: @escaping @Sendable (AdDocument) -> Void) {
    Task { completion(await read(url, type: type)) }
  }

  /// Reads `url` as `type` (`vast`, `vmap`, or nil to look).
  public func read(_ url: URL, type: String?) async -> AdDocument {
    if type == "vmap" {
      do throws(VMAPError) {
        return .vmap(.success(try await loader.load(url)))
      } catch {
        return .vmap(.failure(error))
      }
    }
    let data: Data
    do throws(VASTError) {
      data = try await resolver.fetch(url)
    } catch {
      return .vast(.failure(error))
    }
    if type == nil, VMAPParser.isVMAP(data) {
      do throws(VMAPError) {
        return .vmap(.success(try loader.parse(data, url: url)))
      } catch {
        return .vmap(.failure(error))
      }
    }
    do throws(VASTError) {
      return .vast(.success(try await resolver.resolve(data: data, baseURL: url)))
    } catch {
      return .vast(.failure(error))
    }
  }
}
