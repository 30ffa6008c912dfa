import Foundation
import HTTPKit

/// A wrapper ad on the way down a chain, with the document it came from.
struct ChainLink: Sendable {
  let ad: VASTAd
  let documentURL: URL?
}

extension ResolutionRun {
  /// Resolves the root document: every ad concurrently, then pod order and buffet.
  func resolveRoot(data: Data, url: URL?) async throws(VASTError) -> VASTResolution {
    try await resolveRoot(document: try parse(data, url: url), url: url)
  }

  /// Resolves a parsed root document (inline VAST of a VMAP break, say).
  func resolveRoot(document: VASTDocument, url: URL?) async throws(VASTError) -> VASTResolution {
    guard !document.ads.isEmpty else {
      await fireErrors(document.errors, code: .noAdsAfterWrapper)
      throw VASTError(.noAdsAfterWrapper, "\(url?.absoluteString ?? "document"): the response has no ads")
    }
    let outcomes = await VirtualLatency.concurrently(document.ads) { ad in
      await self.resolve(ad, from: url, links: [], visited: [])
    }
    return try await assemble(document.ads, outcomes)
  }

  /// Pod order and buffet: the pod's ads by `sequence`, a stand-alone ad in the place of each
  /// that failed (where its wrapper allows) or cannot play; without a pod, the first
  /// stand-alone ad that plays. Ads are checked for play (`options.media`) only once picked.
  private func assemble(
    _ ads: [VASTAd], _ outcomes: [Result<[VASTResolvedAd], VASTAdFailure>]
  ) async throws(VASTError) -> VASTResolution {
    var failures: [VASTAdFailure] = []
    // Each stand-alone ad may resolve to several (a wrapper with allowMultipleAds).
    var standIns = StandIns(buffet: [])
    var pod: [(sequence: Int, index: Int, outcome: Result<[VASTResolvedAd], VASTAdFailure>)] = []
    for (index, (ad, outcome)) in zip(ads, outcomes).enumerated() {
      if let sequence = ad.sequence {
        pod.append((sequence, index, outcome))
      } else {
        switch outcome {
        case .success(let resolved): standIns.buffet.append(resolved)
        case .failure(let failure): failures.append(failure)
        }
      }
    }
    var play: [VASTResolvedAd] = []
    if pod.isEmpty {
      play += await standIns.take(self) ?? []
    } else {
      for entry in pod.sorted(by: { ($0.sequence, $0.index) < ($1.sequence, $1.index) }) {
        switch entry.outcome {
        case .success(let resolved):
          for ad in resolved {
            let playable = await standIns.playable([ad], self)
            play += playable.isEmpty ? await standIns.take(self) ?? [] : playable
          }
        case .failure(let failure):
          failures.append(failure)
          if ads[entry.index].wrapper?.fallbackOnNoAd != false {
            play += await standIns.take(self) ?? []
          }
        }
      }
    }
    guard !play.isEmpty || !standIns.unplayable.isEmpty else {
      throw failures.first?.error ?? VASTError(.noAdsAfterWrapper, "no ad could be resolved")
    }
    return VASTResolution(
      ads: play, buffet: standIns.buffet.flatMap { $0 }, failures: failures, unplayable: standIns.unplayable,
      errorBeacons: errorBeacons)
  }

  /// Resolves one ad: an InLine merges with the wrappers above it; a wrapper is followed.
  /// `links` are the wrappers above, outermost first; `visited` their documents' request keys
  /// (cache busters ignored, so a loop through `?cb=[CACHEBUSTING]` is still a loop).
  func resolve(
    _ ad: VASTAd, from documentURL: URL?, links: [ChainLink], visited: [String]
  ) async -> Result<[VASTResolvedAd], VASTAdFailure> {
    let here = ChainLink(ad: ad, documentURL: documentURL)
    if let failure = ad.structuralFailure { return await fail(failure.code, failure.message, links + [here]) }
    guard ad.kind == .wrapper, let info = ad.wrapper else {
      let merged = VASTMerge.merge(wrappers: links.map(\.ad), into: ad)
      return .success([VASTResolvedAd(ad: merged, chain: Self.chain(links + [here]))])
    }
    let links = links + [here]
    let visited = visited + [documentURL.map { RequestKey(url: $0).description }].compactMap { $0 }
    if links.count > options.maxDepth {
      return await fail(.wrapperLimit, "more than \(options.maxDepth) wrappers in the chain", links)
    }
    let uri = VASTMacros.expand(info.adTagURI.trimmingWhitespace(), resolver.macroContext())
    guard let url = Self.url(uri, relativeTo: documentURL) else {
      return await fail(.schemaValidation, "VASTAdTagURI '\(uri)' is not a URL", links)
    }
    if url.isFileURL && documentURL?.isFileURL != true {
      return await fail(
        .wrapperTimeout, "\(url.absoluteString): only a local document may point at a local file", links)
    }
    if visited.contains(RequestKey(url: url).description) {
      return await fail(.wrapperLimit, "wrapper loop: \(url.absoluteString) is already in the chain", links)
    }
    let document: VASTDocument
    do {
      document = try parse(try await fetch(url, code: .wrapperTimeout, kind: .wrapper), url: url)
    } catch {
      return await fail(error.code, error.message, links, reached: url)
    }
    guard !document.ads.isEmpty else {
      return await fail(
        .noAdsAfterWrapper, "\(url.absoluteString): no ads after the wrapper", links, reached: url,
        alsoFire: document.errors)
    }
    let candidates =
      info.allowMultipleAds == true
      ? document.ads : [document.ads.first { $0.sequence == nil } ?? document.ads[0]]
    if info.followAdditionalWrappers == false, candidates.allSatisfy({ $0.kind == .wrapper }) {
      return await fail(
        .noAdsAfterWrapper, "\(url.absoluteString): another wrapper, but followAdditionalWrappers is false",
        links, reached: url)
    }
    let allowed =
      info.followAdditionalWrappers == false ? candidates.filter { $0.kind == .inLine } : candidates
    let outcomes = await VirtualLatency.concurrently(allowed) { candidate in
      await self.resolve(candidate, from: url, links: links, visited: visited)
    }
    let resolved = outcomes.flatMap { (try? $0.get()) ?? [] }
    if resolved.isEmpty, let failure = outcomes.first, case .failure(let error) = failure {
      return .failure(error)
    }
    let ordered = resolved.enumerated().sorted {
      ($0.element.ad.sequence ?? Int.max, $0.offset) < ($1.element.ad.sequence ?? Int.max, $1.offset)
    }
    return .success(ordered.map(\.element))
  }

  /// Fires the chain's Error URLs (plus `alsoFire`) with `code` and returns the failure.
  private func fail(
    _ code: VASTErrorCode, _ message: String, _ links: [ChainLink], reached: URL? = nil,
    alsoFire: [String] = []
  ) async -> Result<[VASTResolvedAd], VASTAdFailure> {
    await fireErrors(links.flatMap(\.ad.errors) + alsoFire, code: code)
    var chain = Self.chain(links)
    if let reached { chain.append(reached.absoluteString) }
    let outer = links.first?.ad
    return .failure(
      VASTAdFailure(adId: outer?.id, sequence: outer?.sequence, error: VASTError(code, message), chain: chain)
    )
  }

  static func chain(_ links: [ChainLink]) -> [String] {
    links.map { $0.documentURL?.absoluteString ?? "inline" }
  }

  /// A tag URI as a URL, relative ones against the document's URL; spaces and other stray
  /// characters are percent-encoded.
  static func url(_ text: String, relativeTo base: URL?) -> URL? {
    guard !text.isEmpty else { return nil }
    let encoded =
      URL(string: text, relativeTo: base) != nil
      ? text : text.addingPercentEncoding(withAllowedCharacters: .urlFragmentAllowed.union(["#", "%"]))
    guard let encoded, let url = URL(string: encoded, relativeTo: base)?.absoluteURL, url.scheme != nil else {
      return nil
    }
    return url
  }
}
