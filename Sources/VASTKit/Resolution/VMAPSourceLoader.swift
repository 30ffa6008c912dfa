import Foundation
import HTTPKit

/// Resolves the `AdSource` of one VMAP break to the linear ads it plays, or the VMAP error that
/// fails the break.
///
/// Inline `VASTAdData` and an `AdTagURI`'s response resolve like any VAST (wrappers followed,
/// pods ordered, the chains' Error URLs fired with VAST codes); `followRedirects="false"` follows
/// no wrapper (a wrapper is then VAST 302); `allowMultipleAds="false"` keeps the first ad.
/// VMAP codes: a break without `linear` in its `breakType` **1003**; `CustomAdData` or a
/// `templateType` other than VAST **1005**; the tag's request timing out **1007**, failing
/// otherwise **1008**; its VAST not parsing **1006**; no ad resolving **1004**.
public struct VMAPSourceLoader: Sendable {
  /// Resolves the breaks' VAST: its client, options (`maxDepth` becomes 0 for a source with
  /// `followRedirects="false"`), error beacons and macro values serve the loader too.
  public let resolver: VASTResolver

  /// A loader resolving with `resolver`.
  public init(resolver: VASTResolver) {
    self.resolver = resolver
  }

  /// The ads of `adBreak`'s source; relative `AdTagURI`s resolve against `documentURL`.
  public func resolve(_ adBreak: VMAPAdBreak, documentURL: URL?) async -> Result<[VASTResolvedAd], VMAPError>
  {
    await plan(adBreak, documentURL: documentURL).map(\.ads)
  }

  /// The resolution of `adBreak`'s source: its ads, and (with the resolver's
  /// `VASTResolverOptions.media`) those that cannot play.
  public func plan(_ adBreak: VMAPAdBreak, documentURL: URL?) async -> Result<VASTResolution, VMAPError> {
    do throws(VMAPError) {
      return .success(try await resolution(adBreak, documentURL: documentURL))
    } catch {
      return .failure(error)
    }
  }

  /// Plans the sources of several breaks concurrently (`documentURL` each); `completion` gets
  /// the outcomes in order, once, on any thread.
  public func plan(
    _ breaks: [(VMAPAdBreak, URL?)],
    completion: @escaping @Sendable ([Result<VASTResolution, VMAPError>]) -> Void
  ) {
    let items = breaks.map { VMAPBreakItem(adBreak: $0.0, documentURL: $0.1) }
    Task {
      completion(
        await VirtualLatency.concurrently(items) { item in
          await plan(item.adBreak, documentURL: item.documentURL)
        })
    }
  }

  private func resolution(_ adBreak: VMAPAdBreak, documentURL: URL?) async throws(VMAPError) -> VASTResolution
  {
    if let error = adBreak.error { throw error }
    guard adBreak.breakTypes.contains("linear") else {
      throw VMAPError(
        .breakTypeNotSupported,
        "breakType \(adBreak.breakTypes.joined(separator: ",")): only linear breaks are played")
    }
    guard let source = adBreak.adSource, let content = source.content else {
      throw VMAPError(.schema, "the break has no AdSource")
    }
    var options = self.resolver.options
    if source.followRedirects == false { options.maxDepth = 0 }
    let resolver = VASTResolver(
      client: self.resolver.client, options: options, beacons: self.resolver.beacons,
      macroContext: self.resolver.macroContext)
    var resolution: VASTResolution
    switch content {
    case .customAdData(_, let templateType):
      throw VMAPError(
        .templateTypeNotSupported, "CustomAdData (templateType \(templateType ?? "none")) is not VAST")
    case .vastAdData(let document):
      resolution = try await resolved { () async throws(VASTError) in
        try await resolver.resolve(document: document, baseURL: documentURL)
      }
    case .adTagURI(let text, let templateType):
      if let templateType, !templateType.lowercased().hasPrefix("vast") {
        throw VMAPError(.templateTypeNotSupported, "AdTagURI templateType \(templateType) is not VAST")
      }
      let url = try tagURL(text, documentURL: documentURL)
      let fetcher = VMAPLoader(
        client: resolver.client, timeout: options.requestTimeout, maxBytes: options.maxDocumentBytes)
      let data = try await fetcher.fetch(url)
      resolution = try await resolved { () async throws(VASTError) in
        try await resolver.resolve(data: data, baseURL: url)
      }
    }
    if source.allowMultipleAds == false { resolution.ads = Array(resolution.ads.prefix(1)) }
    return resolution
  }

  /// The tag URI with its macros filled, relative to the VMAP document; a `file:` URI only
  /// from a local document.
  private func tagURL(_ text: String, documentURL: URL?) throws(VMAPError) -> URL {
    let expanded = VASTMacros.expand(text.trimmingWhitespace(), resolver.macroContext())
    guard let url = ResolutionRun.url(expanded, relativeTo: documentURL) else {
      throw VMAPError(.adResponseRetrieval, "AdTagURI '\(expanded)' is not a URL")
    }
    if url.isFileURL && documentURL?.isFileURL != true {
      throw VMAPError(
        .adResponseRetrieval, "\(url.absoluteString): only a local document may point at a local file")
    }
    return url
  }

  /// Runs a resolution; a VAST failure becomes 1006 (the response does not parse) or 1004.
  private func resolved(
    _ body: () async throws(VASTError) -> VASTResolution
  ) async throws(VMAPError) -> VASTResolution {
    do {
      return try await body()
    } catch {
      let parsing: Set<VASTErrorCode> = [.xmlParsing, .schemaValidation, .unsupportedVersion]
      throw VMAPError(parsing.contains(error.code) ? .adResponseParsing : .adResponse, error.description)
    }
  }
}

private struct VMAPBreakItem: Sendable {
  let adBreak: VMAPAdBreak
  let documentURL: URL?
}
