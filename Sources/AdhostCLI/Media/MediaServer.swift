import Foundation
import LoopbackHTTP
import MediaWriter
import OutsideText
import Synchronization

/// `adhost media serve`'s server: a `MediaStream` on 127.0.0.1, its manifest a live window that
/// moves on per load or by the wall clock, every request written as a JSON line. Any thread.
final class MediaServer: Sendable {
  /// What moves a live window on.
  enum Clock: String, Sendable {
    /// Each load of the manifest: the n-th load (from 0) lists the window at position n.
    case loads
    /// The wall clock: the window at position ⌊seconds since the start / segment duration⌋.
    case wall
  }

  private let server: LoopbackServer
  private let stream: MediaStream
  private let clock: Clock
  private let started = Date()
  private let availabilityStart: Double
  /// The manifest loads so far.
  private let loads = Mutex(0)
  private let log: @Sendable (String) -> Void

  /// Starts serving `stream`; `log` gets each request's JSON line.
  init(stream: MediaStream, clock: Clock, log: @escaping @Sendable (String) -> Void) throws {
    server = try LoopbackServer(keepsRequests: false)
    self.stream = stream
    self.clock = clock
    self.log = log
    availabilityStart =
      clock == .loads
      ? MediaStream.firstFrameDate
      : stream.availabilityStart(firstWindowEndsAt: started.timeIntervalSince1970)
    server.fallback { [self] request in answer(request) }
  }

  /// The port served on.
  var port: UInt16 { server.port }

  /// Stops serving.
  func stop() { server.stop() }

  private func answer(_ request: LoopbackRequest) -> LoopbackResponse {
    let name = String(request.path.dropFirst())
    var entry = JSONObject()
    entry["seconds"] = .number((Date().timeIntervalSince(started) * 1000).rounded() / 1000)
    entry["method"] = .string(request.method)
    entry["path"] = .string(request.path)
    let response: LoopbackResponse
    if request.method != "GET" && request.method != "HEAD" {
      response = .text("only GET", status: 405)
    } else if name == stream.manifestName {
      let position =
        clock == .loads
        ? loads.withLock { count in
          defer { count += 1 }
          return count
        } : Int.checked((Date().timeIntervalSince(started) / stream.spec.segmentDuration).rounded(.down)) ?? 0
      let manifest = stream.liveManifest(position: position, availabilityStart: availabilityStart)
      if stream.spec.live != nil {
        let segments = manifest.window.segments
        entry["segments"] = .array([
          .number(Double(segments.lowerBound)), .number(Double(segments.upperBound - 1)),
        ])
      }
      response = .text(manifest.text, type: stream.manifestType)
    } else if let bytes = stream.file(named: name) {
      response = LoopbackResponse(
        status: 200, headers: [("Content-Type", MediaStream.contentType(name))], body: Data(bytes))
    } else {
      response = .notFound
    }
    entry["status"] = .number(Double(response.status))
    entry["bytes"] = .number(Double(response.body.count))
    log(JSONValue.object(entry).jsonText)
    return response
  }
}
