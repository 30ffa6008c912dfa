import Foundation

/// How the resolver follows wrappers.
public struct VASTResolverOptions: Sendable, Equatable {
  /// Wrappers followed in one chain at most; one more is error 302.
  public var maxDepth: Int
  /// Seconds each document fetch may take (301 past it).
  public var requestTimeout: Double
  /// Seconds the whole resolution may take (301 past it).
  public var totalBudget: Double
  /// Bytes a document may have (100 past it).
  public var maxDocumentBytes: Int
  /// Whether failures fire the chain's `Error` URLs.
  public var firesErrorURLs: Bool
  /// What the player plays, when the resolution plans a client-side break: then each ad picked
  /// to play needs a usable duration (else VAST error 101) and a media file for this request
  /// (else 403, the IAB's "no supported MediaFile"); one that has neither fires its Error URLs
  /// with that code and a stand-alone ad stands in for it (see `VASTResolution.unplayable`).
  /// Nil (the default): ads are not checked, nor media files chosen.
  public var media: VASTMediaRequest?

  /// Options; defaults: depth 5, 5 s per request, 10 s in all, 1 MiB documents, error URLs fired.
  public init(
    maxDepth: Int = 5, requestTimeout: Double = 5, totalBudget: Double = 10, maxDocumentBytes: Int = 1 << 20,
    firesErrorURLs: Bool = true, media: VASTMediaRequest? = nil
  ) {
    self.maxDepth = maxDepth
    self.requestTimeout = requestTimeout
    self.totalBudget = totalBudget
    self.maxDocumentBytes = maxDocumentBytes
    self.firesErrorURLs = firesErrorURLs
    self.media = media
  }
}

/// An InLine ad with everything its wrappers added merged in.
public struct VASTResolvedAd: Sendable, Equatable, Codable {
  /// The merged ad (kind InLine; `sequence` is the outermost ad's).
  public var ad: VASTAd
  /// The URL of each document in the chain, outermost first (`inline` for a document given as
  /// bytes without a URL).
  public var chain: [String]
  /// The media file it plays, chosen for `VASTResolverOptions.media` (nil without one).
  public var media: VASTMediaFile? = nil
}

/// An ad of the response that could not be resolved.
public struct VASTAdFailure: Error, Sendable, Equatable {
  /// The outermost ad's `id`.
  public var adId: String?
  /// The outermost ad's `sequence`.
  public var sequence: Int?
  /// Why.
  public var error: VASTError
  /// The documents reached, outermost first.
  public var chain: [String]
}

/// What a VAST response resolved to.
public struct VASTResolution: Sendable {
  /// The ads to play, in order: a pod by `sequence` (failed pod ads replaced by stand-alone
  /// ads when allowed), or the first stand-alone ad that resolved.
  public var ads: [VASTResolvedAd]
  /// Resolved stand-alone ads not used above, for substitution later.
  public var buffet: [VASTResolvedAd]
  /// Ads that failed, with their errors (their Error URLs were fired).
  public var failures: [VASTAdFailure]
  /// Resolved ads picked to play that cannot (with `VASTResolverOptions.media` only): 101 (no
  /// usable duration) or 403 (no media file fits), in the order they were tried. Their Error
  /// URLs were fired with that code; a stand-alone ad took each one's place where one was left.
  public var unplayable: [VASTAdFailure] = []
  /// Every error beacon sent while resolving.
  public var errorBeacons: [VASTBeacon]
}
