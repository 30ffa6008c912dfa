import CheckedNumbers

/// What the player can play: its size, an optional bitrate cap, and whether it wants a
/// streaming rendition.
public struct VASTMediaRequest: Sendable, Equatable {
  /// Player width in pixels (0: unknown, no limit).
  public var width: Int
  /// Player height in pixels (0: unknown, no limit).
  public var height: Int
  /// Highest bitrate in kbit/s, if capped.
  public var maxBitrate: Int?
  /// Prefer a declared streaming rendition (HLS or DASH) over progressive files.
  public var prefersStreaming: Bool
  /// MIME types of progressive files the player plays (lower case).
  public var progressiveTypes: Set<String>

  /// A request; by default progressive MP4 only.
  public init(
    width: Int, height: Int, maxBitrate: Int? = nil, prefersStreaming: Bool = false,
    progressiveTypes: Set<String> = ["video/mp4"]
  ) {
    self.width = width
    self.height = height
    self.maxBitrate = maxBitrate
    self.prefersStreaming = prefersStreaming
    self.progressiveTypes = progressiveTypes
  }
}

extension VASTLinear {
  /// The best media file for `request`: among playable files (progressive of a supported type,
  /// no VPAID/`apiFramework`), those within the bitrate cap (or the lowest bitrate if none
  /// is), then the largest that fits the player (or the smallest if none fits), then the
  /// highest bitrate. Streaming renditions first when asked. None playable → 403.
  public func selectMediaFile(_ request: VASTMediaRequest) throws(VASTError) -> VASTMediaFile {
    let playable = mediaFiles.filter { isPlayableProgressive($0, request) }
    var pool = playable
    if request.prefersStreaming {
      let streams = mediaFiles.filter(isStreaming)
      if !streams.isEmpty { pool = streams }
    }
    guard !pool.isEmpty else {
      let offered = mediaFiles.map { "\($0.type ?? "?")/\($0.delivery ?? "?")" }.joined(separator: ", ")
      throw VASTError(
        .noSupportedMediaFile,
        "no playable media file among \(mediaFiles.count) (\(offered.isEmpty ? "none" : offered))")
    }
    if let cap = request.maxBitrate {
      let within = pool.filter { effectiveBitrate($0).map { $0 <= cap } ?? true }
      pool =
        within.isEmpty
        ? [pool.min { (effectiveBitrate($0) ?? 0) < (effectiveBitrate($1) ?? 0) }].compactMap { $0 } : within
    }
    let fits = pool.filter { fitsPlayer($0, request) }
    // Sizes and bitrates come from the document: the area saturates instead of overflowing, and
    // "highest bitrate first" compares the other way round instead of negating (-Int.min traps).
    let area: (VASTMediaFile) -> Int = {
      max(0, $0.width ?? 0).checkedMultiplying(by: max(0, $0.height ?? 0)) ?? Int.max
    }
    let bitrate: (VASTMediaFile) -> Int = { self.effectiveBitrate($0) ?? 0 }
    let chosen: VASTMediaFile?
    if fits.isEmpty {
      chosen = pool.min { (area($0), bitrate($1)) < (area($1), bitrate($0)) }
    } else {
      chosen = fits.max { (area($0), bitrate($0)) < (area($1), bitrate($1)) }
    }
    guard let chosen else { throw VASTError(.noSupportedMediaFile, "no playable media file") }
    return chosen
  }

  private func isPlayableProgressive(_ file: VASTMediaFile, _ request: VASTMediaRequest) -> Bool {
    guard !file.url.isEmpty, isPlainVideo(file) else { return false }
    let delivery = file.delivery?.lowercased()
    guard delivery == nil || delivery == "progressive" else { return false }
    if let type = file.type?.lowercased() { return request.progressiveTypes.contains(type) }
    return request.progressiveTypes.contains("video/mp4") && file.url.lowercased().contains(".mp4")
  }

  private func isStreaming(_ file: VASTMediaFile) -> Bool {
    guard !file.url.isEmpty, isPlainVideo(file), file.delivery?.lowercased() == "streaming" else {
      return false
    }
    let types: Set<String> = [
      "application/x-mpegurl", "application/vnd.apple.mpegurl", "application/dash+xml",
    ]
    return file.type.map { types.contains($0.lowercased()) } ?? false
  }

  /// No interactive framework: `apiFramework` absent, or `VAST` (some VAST 3 tags label plain
  /// video so; other clients play it).
  private func isPlainVideo(_ file: VASTMediaFile) -> Bool {
    guard let framework = file.apiFramework?.trimmingWhitespace() else { return true }
    return framework.isEmpty || framework.uppercased() == "VAST"
  }

  private func fitsPlayer(_ file: VASTMediaFile, _ request: VASTMediaRequest) -> Bool {
    (request.width <= 0 || (file.width ?? 0) <= request.width)
      && (request.height <= 0 || (file.height ?? 0) <= request.height)
  }

  private func effectiveBitrate(_ file: VASTMediaFile) -> Int? {
    file.bitrate ?? file.maxBitrate ?? file.minBitrate
  }
}
