/// A summary of a parsed or resolved VAST response for people and tools (`adhost vast`):
/// the ads with the media file chosen for a player size, failures and issues. Encodes to JSON.
public struct VASTReport: Sendable, Codable {
  /// One ad as reported.
  public struct Entry: Sendable, Codable {
    /// The ad (merged when resolved).
    public var ad: VASTAd
    /// The documents of its chain, outermost first (resolved only).
    public var chain: [String]?
    /// Whether it is a stand-alone ad kept for substitution.
    public var buffet: Bool
    /// The media file chosen for the player size.
    public var selectedMedia: VASTMediaFile?
    /// Why no media file was chosen (InLine ads only).
    public var mediaError: Failure?
    /// Every verification of the ad (its chain's, both forms; see `VASTAd.verifications`).
    public var verifications: [VASTVerification] = []
  }

  /// An error as reported.
  public struct Failure: Sendable, Codable, Equatable {
    /// The IAB code.
    public var code: Int
    /// What went wrong.
    public var message: String
    /// The ad's `id`, when the failure belongs to one ad.
    public var adId: String?
    /// The ad's `sequence`.
    public var sequence: Int?
    /// The chain reached.
    public var chain: [String]?

    /// A failure from a `VASTError`.
    public init(_ error: VASTError, adId: String? = nil, sequence: Int? = nil, chain: [String]? = nil) {
      code = error.code.rawValue
      message = error.message
      self.adId = adId
      self.sequence = sequence
      self.chain = chain
    }
  }

  /// Where the response came from.
  public var source: String
  /// Whether wrappers were followed.
  public var resolved: Bool
  /// The root document's version (parse only).
  public var version: String?
  /// Root `<Error>` URLs (parse only).
  public var rootErrors: [String]
  /// The ads, in play order (then buffet ads).
  public var ads: [Entry]
  /// Ads that failed to resolve.
  public var failures: [Failure]
  /// Problems that did not stop parsing.
  public var issues: [VASTIssue]

  /// A report of a document that was only parsed.
  public init(source: String, document: VASTDocument, media: VASTMediaRequest) {
    self.source = source
    resolved = false
    version = document.version
    rootErrors = document.errors
    ads = document.ads.map { Self.entry($0, chain: nil, buffet: false, media: media) }
    failures = []
    issues = document.issues
  }

  /// A report of a resolution.
  public init(source: String, resolution: VASTResolution, media: VASTMediaRequest) {
    self.source = source
    resolved = true
    version = nil
    rootErrors = []
    ads =
      resolution.ads.map { Self.entry($0.ad, chain: $0.chain, buffet: false, media: media) }
      + resolution.buffet.map { Self.entry($0.ad, chain: $0.chain, buffet: true, media: media) }
    failures = resolution.failures.map {
      Failure($0.error, adId: $0.adId, sequence: $0.sequence, chain: $0.chain)
    }
    issues = []
  }

  private static func entry(_ ad: VASTAd, chain: [String]?, buffet: Bool, media: VASTMediaRequest) -> Entry {
    var entry = Entry(ad: ad, chain: chain, buffet: buffet)
    entry.verifications = ad.verifications
    guard ad.kind == .inLine else { return entry }
    guard let linear = ad.linear else { return entry }
    do {
      entry.selectedMedia = try linear.selectMediaFile(media)
    } catch {
      entry.mediaError = Failure(error)
    }
    return entry
  }
}
