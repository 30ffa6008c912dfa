/// What a document offers before anything is fetched: ads that cannot play on their own terms,
/// and documents that offer no usable ad at all.
extension VASTAd {
  /// Why this ad cannot be used whatever its chain holds: an InLine without creatives (303,
  /// as other clients treat an empty ad) or a Wrapper without `VASTAdTagURI` (101).
  public var structuralFailure: VASTError? {
    let name = "Ad id=\(id ?? "none")"
    switch kind {
    case .inLine where creatives.isEmpty:
      return VASTError(.noAdsAfterWrapper, "InLine (\(name)) has no creatives")
    case .wrapper where (wrapper?.adTagURI.trimmingWhitespace() ?? "").isEmpty:
      return VASTError(.schemaValidation, "Wrapper (\(name)) has no VASTAdTagURI")
    default:
      return nil
    }
  }
}

extension VASTDocument {
  /// Error URLs to fire with one code.
  public struct ErrorReport: Sendable, Equatable {
    /// The IAB code for `[ERRORCODE]`.
    public var code: VASTErrorCode
    /// The `<Error>` URLs.
    public var urls: [String]
  }

  /// The error of a document that offers no usable ad (no ads: 303; every ad structurally
  /// unusable: the first ad's code), with the Error URLs to fire: the root's for no ads,
  /// otherwise each ad's with its own code. Nil when some ad may play.
  public var noUsableAd: (error: VASTError, reports: [ErrorReport])? {
    guard !ads.isEmpty else {
      return (
        VASTError(.noAdsAfterWrapper, "the response has no ads"),
        [ErrorReport(code: .noAdsAfterWrapper, urls: errors)]
      )
    }
    var failures: [(VASTError, VASTAd)] = []
    for ad in ads {
      guard let failure = ad.structuralFailure else { return nil }
      failures.append((failure, ad))
    }
    let reports = failures.map { ErrorReport(code: $0.0.code, urls: $0.1.errors) }
    return (failures[0].0, reports)
  }
}
