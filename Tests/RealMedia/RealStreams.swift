import Foundation
import LoopbackHTTP
import MediaWriter
import Synchronization

/// Streams of real media (`RealClip`) cut by MediaWriter, each made once per process and shared
/// by the tests that ask for the same spec.
public enum RealStreams {
  private static let made = Mutex<[String: MediaStream]>([:])

  /// The stream `spec` describes (a MediaWriter spec whose payload is `{"clip": "clip.ts"}`), its
  /// clip of `seconds` encoded by ffmpeg the first time.
  public static func make(spec: String, seconds: Double) throws -> MediaStream {
    let key = "\(seconds) \(spec)"
    if let stream = made.withLock({ $0[key] }) { return stream }
    let stream = MediaStream(try MediaSpec.read(spec), clip: try RealClip.encode(seconds: seconds))
    made.withLock { $0[key] = stream }
    return stream
  }

  /// An HLS TS stream of `seconds` in segments of `segmentSeconds`, with these timed ID3 frames
  /// (MediaWriter's `id3` members, JSON), or none.
  public static func hls(seconds: Double, segmentSeconds: Double = 2, id3: [String] = []) throws
    -> MediaStream
  {
    try make(
      spec: """
        {"format": "hls-ts", "duration": \(seconds), "segmentDuration": \(segmentSeconds),
         "payload": {"clip": "clip.ts"}, "id3": [\(id3.joined(separator: ", "))]}
        """,
      seconds: seconds)
  }
}

/// One real-media stream on 127.0.0.1 under every folder: `url("one")` and `url("two")` name the
/// same stream by different URLs. Any thread.
public final class RealStreamServer: Sendable {
  /// The server; stopped when this goes.
  public let server: LoopbackServer
  private let stream: MediaStream

  /// Serves `stream`.
  public init(_ stream: MediaStream) throws {
    self.stream = stream
    server = try LoopbackServer()
    let files = Dictionary(
      stream.files.map { ($0.name, Data($0.bytes)) }, uniquingKeysWith: { first, _ in first })
    server.fallback { request in
      let name = String(request.path.split(separator: "/").last ?? "")
      guard let body = files[name] else { return .notFound }
      return LoopbackResponse(headers: [("Content-Type", MediaStream.contentType(name))], body: body)
    }
  }

  deinit { server.stop() }

  /// The stream's playlist (or MPD) under the folder `name`.
  public func url(_ name: String) -> String {
    "\(server.baseURL.absoluteString)/\(name)/\(stream.manifestName)"
  }
}
