/// The stream a spec describes: its manifest (the whole VOD one, or a live window's), its init
/// segment and media segments, each written on demand. Any thread: a value.
public struct MediaStream: Sendable {
  public let spec: MediaSpec
  let timeline: MediaTimeline
  /// The spec's clip, read (`"payload": {"clip": FILE}`); nil for the placeholder payload.
  let clip: TSClip?

  /// The stream of `spec`, with its clip's units when its payload is a clip.
  public init(_ spec: MediaSpec, clip: TSClip? = nil) {
    self.spec = spec
    self.clip = clip
    timeline = clip.map { MediaTimeline(spec, clip: $0) } ?? MediaTimeline(spec)
  }

  /// The manifest's file name: `media.m3u8` or `manifest.mpd`.
  public var manifestName: String { spec.format.isHLS ? "media.m3u8" : "manifest.mpd" }

  /// The manifest's media type.
  public var manifestType: String {
    spec.format.isHLS ? "application/vnd.apple.mpegurl" : "application/dash+xml"
  }

  /// How many media segments there are.
  public var segmentCount: Int { timeline.segments.count }

  /// The segments' durations, in seconds.
  public var segmentDurations: [Double] { timeline.segments.map(\.duration) }

  /// Segment `index`'s file name.
  public func segmentName(_ index: Int) -> String {
    switch spec.format {
    case .hlsTS: "segment-\(index).ts"
    case .hlsPackedAudio: "segment-\(index).aac"
    case .hlsCMAF, .dash: "segment-\(index).m4s"
    }
  }

  /// A media type by file name.
  public static func contentType(_ name: String) -> String {
    if name.hasSuffix(".ts") { return "video/mp2t" }
    if name.hasSuffix(".aac") { return "audio/aac" }
    if name.hasSuffix(".mpd") { return "application/dash+xml" }
    if name.hasSuffix(".m3u8") { return "application/vnd.apple.mpegurl" }
    return "video/mp4"
  }

  /// The manifest listing every segment, ended (VOD).
  public var manifest: String { manifest(window: 0..<segmentCount, ended: true, availabilityStart: 0) }

  /// The manifest of the segments in `window`, `ended` when nothing follows them; a live DASH
  /// MPD counts presentation time from `availabilityStart` (seconds since 1970).
  public func manifest(window: Range<Int>, ended: Bool, availabilityStart: Double) -> String {
    if spec.format.isHLS {
      return HLSPlaylist(spec: spec, timeline: timeline, segmentName: segmentName).text(window, ended: ended)
    }
    return DASHManifest(spec: spec, timeline: timeline, clip: clip).text(
      window, ended: ended, availabilityStart: availabilityStart)
  }

  /// The init segment (`init.mp4`) of CMAF formats; nil for the others.
  public var initSegment: [UInt8]? { spec.format.isCMAF ? CMAFSegments.initSegment(clip: clip) : nil }

  /// Media segment `index`'s bytes.
  public func segment(_ index: Int) -> [UInt8] {
    let segment = timeline.segments[index]
    switch spec.format {
    case .hlsTS: return TSSegments(spec: spec, timeline: timeline, clip: clip).segment(segment)
    case .hlsPackedAudio: return PackedAudioSegments(spec: spec, timeline: timeline).segment(segment)
    case .hlsCMAF, .dash: return CMAFSegments(spec: spec, timeline: timeline, clip: clip).segment(segment)
    }
  }

  /// Every file of the VOD stream, manifest first: name and bytes.
  public var files: [(name: String, bytes: [UInt8])] {
    var files = [(manifestName, Array(manifest.utf8))]
    if let initSegment { files.append(("init.mp4", initSegment)) }
    for index in 0..<segmentCount { files.append((segmentName(index), segment(index))) }
    return files
  }

  /// The file of `name` (manifest, init or media segment) when the stream has it.
  public func file(named name: String) -> [UInt8]? {
    if name == manifestName { return Array(manifest.utf8) }
    if name == "init.mp4" { return initSegment }
    for index in 0..<segmentCount where segmentName(index) == name { return segment(index) }
    return nil
  }
}
