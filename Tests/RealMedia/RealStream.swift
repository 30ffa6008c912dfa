import Foundation
import LoopbackHTTP
import MediaWriter
import Synchronization

/// A MediaWriter stream of real media: a spec (MediaWriter's JSON, `hls-ts`, `hls-cmaf` or
/// `dash`) whose payload is `RealClip`'s H.264 and AAC, served under a path of a
/// `LoopbackServer`. A live spec's playlist moves its window on a segment at each load (as
/// `adhost media serve`'s `loads` clock).
public final class RealStream: Sendable {
  /// The stream, its segments cut from the clip.
  public let stream: MediaStream
  /// The playlist loads so far (the live window's position).
  private let loads = Mutex(0)

  /// The stream of `spec` with the real clip as its payload (the spec's own payload is ignored).
  public init(spec json: String) throws {
    var spec = try MediaSpec.read(json)
    spec.payload = .clip("clip.ts")
    try spec.checkCarriersForClip()
    stream = MediaStream(spec, clip: try RealClip.shared(seconds: spec.duration))
  }

  /// Serves the stream's files under `folder` (such as `/streams/s-1/`) on `server`; returns the
  /// playlist's URL.
  @discardableResult public func serve(on server: LoopbackServer, under folder: String) -> String {
    let names =
      [stream.manifestName] + (stream.initSegment == nil ? [] : ["init.mp4"])
      + (0..<stream.segmentCount).map(stream.segmentName)
    for name in names {
      server.route(folder + name) { [self] _ in
        guard let bytes = file(named: name) else { return .notFound }
        return LoopbackResponse(headers: [("Content-Type", MediaStream.contentType(name))], body: Data(bytes))
      }
    }
    return server.baseURL.absoluteString + folder + stream.manifestName
  }

  /// A file's bytes: the playlist at the window of this load, or a segment.
  private func file(named name: String) -> [UInt8]? {
    guard name == stream.manifestName, stream.spec.live != nil else { return stream.file(named: name) }
    let position = loads.withLock { count in
      defer { count += 1 }
      return count
    }
    return Array(
      stream.liveManifest(position: position, availabilityStart: MediaStream.firstFrameDate).text.utf8)
  }
}

extension MediaSpec {
  /// A clip has video, which packed audio cannot carry (MediaWriter's rule); said here before encoding.
  fileprivate func checkCarriersForClip() throws {
    guard format != .hlsPackedAudio else {
      throw RealClipError(
        description: "a real clip is cut into hls-ts, hls-cmaf or dash, not hls-packed-audio")
    }
  }
}
