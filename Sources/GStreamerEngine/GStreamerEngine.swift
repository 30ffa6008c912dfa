import Foundation
import HTTPKit
import OutsideText

/// A real media engine: GStreamer's `playbin3` in the `adhost-gst` helper process, which demuxes
/// and decodes for real (to `fakesink`, or a window with `show`). The host drives it with
/// commands and reads its typed events (`next(before:)`); a helper that crashes ends the events
/// with `.crashed`, a fatal player error, and the host goes on. Every request the engine makes
/// goes through the host's HTTP client by the helper's `http_proxy` and is logged (`requests`).
/// Lua-free, and independent of the headless player. Any thread.
public final class GStreamerEngine: Sendable {
  private let helper: EngineHelper
  private let proxy: EngineProxy
  private let options: GStreamerEngineOptions

  /// Starts the proxy and the helper.
  public init(options: GStreamerEngineOptions) throws(GStreamerEngineFailure) {
    #if !os(Linux)
      throw .cannotStart("the gstreamer engine runs on Linux only (GStreamer in the adhost-gst helper)")
    #else
      self.options = options
      let executable: URL
      if let helper = options.helper {
        executable = helper
      } else {
        executable = try Self.helperBesideProgram()
      }
      // The helper's events are made before the helper starts: the proxy reports a refused
      // trimmed segment among them, as an error of the engine naming the fix.
      let gate = EngineOutputGate()
      let events = EngineEventQueue { event in
        if case .segment = event { gate.open() }
      }
      proxy = try EngineProxy(
        http: options.http, gate: gate,
        refused: { why in events.push(.error(EngineError(message: why, element: "adhost proxy"))) },
        tagged: { tags in events.push(.tags(tags)) },
        fetched: { playlist in events.push(.playlist(playlist)) })
      var environment = ProcessInfo.processInfo.environment
      // libsoup (souphttpsrc, and the adaptive demuxers' own session) takes its proxy from these,
      // for every host, loopback included.
      for name in ["http_proxy", "HTTP_PROXY"] { environment[name] = proxy.uri }
      for name in ["no_proxy", "NO_PROXY", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"] {
        environment[name] = nil
      }
      if let display = options.display { environment["DISPLAY"] = display }
      do {
        helper = try EngineHelper(executable: executable, environment: environment, events: events)
      } catch {
        proxy.stop()
        throw error
      }
    #endif
  }

  deinit {
    helper.kill()
    proxy.stop()
  }

  /// Whether the host steps this engine (the stepped fast mode).
  public var isStepped: Bool { options.speed == .fast && options.stepped }

  /// The helper's process id.
  public var helperProcessIdentifier: Int32 { helper.processIdentifier }

  /// Every request the engine made, as the host answered it, in order.
  public var requests: [EngineRequest] { proxy.requests }

  /// Loads `uri` (paused at its start) with the `rendition` pinned; `require` names further
  /// elements the source needs. A missing element arrives as an `.error` naming its Debian package.
  public func load(
    _ uri: URL, rendition: EngineRendition = EngineRendition(), require: [String] = []
  ) throws(GStreamerEngineFailure) {
    guard uri.scheme == "http" else {
      throw .refusedSource(
        "the gstreamer engine plays http sources only (it takes its TLS trust from the system, so "
          + "the host cannot see https requests): \(uri.absoluteString)")
    }
    var command = JSONObject()
    command["cmd"] = .string("load")
    command["uri"] = .string(uri.absoluteString)
    command["fast"] = .bool(options.speed == .fast)
    command["show"] = .bool(options.show)
    command["stepped"] = .bool(options.stepped)
    command["require"] = .array(require.map { .string($0) })
    if let floor = rendition.minBitrate { command["minBitrate"] = .number(Double(floor)) }
    if let ceiling = rendition.maxBitrate { command["maxBitrate"] = .number(Double(ceiling)) }
    if let buffer = rendition.bufferSeconds, buffer > 0 { command["buffer"] = .number(buffer) }
    helper.send(JSONValue.object(command).jsonText)
  }

  /// Plays (the engine reports `play`, then `playing` once frames flow).
  public func play() { helper.send(#"{"cmd":"play"}"#) }

  /// The stepped fast mode (`GStreamerEngineOptions.stepped`): the video may play up to
  /// `position` seconds; a frame past it is reported as the playhead (`.time`) and waits.
  public func step(until position: Double) {
    var command = JSONObject()
    command["cmd"] = .string("step")
    command["until"] = .number(position)
    helper.send(JSONValue.object(command).jsonText)
  }

  /// Pauses (`pause`).
  public func pause() { helper.send(#"{"cmd":"pause"}"#) }

  /// Seeks to `position` seconds (`seeking`, then `seeked`).
  public func seek(to position: Double) {
    var command = JSONObject()
    command["cmd"] = .string("seek")
    command["position"] = .number(max(0, position))
    helper.send(JSONValue.object(command).jsonText)
  }

  /// Writes the video frame shown at media time `seconds` (the position's scale) to `file` as
  /// PNG when the engine's video reaches it: a `.screenshot` event says it was written, or why not
  /// (the stream ended or the engine stopped first, the frame went by before this was asked, the
  /// file could not be written). With `show` the frame is the one in the window. Ask before the
  /// video reaches the time (after `load`, before `play`, in the fast mode).
  public func screenshot(at seconds: Double, to file: URL) {
    var command = JSONObject()
    command["cmd"] = .string("screenshot")
    command["at"] = .number(seconds.isFinite ? max(0, seconds) : 0)
    command["file"] = .string(file.path)
    helper.send(JSONValue.object(command).jsonText)
  }

  /// The next event, or nil when none came before `deadline` or the helper has ended and every
  /// event was read.
  public func next(before deadline: Date) -> EngineEvent? { helper.events.pop(before: deadline) }

  /// Whether the helper has ended and every event it sent was read (`next` answers nil at once).
  public var isFinished: Bool { helper.events.isDrained }

  /// Destroys the engine: the helper reports the frame counts, takes its pipeline to NULL and
  /// exits (`.stopped`, `.exited`); after `grace` seconds it is killed. The proxy stops.
  public func destroy(grace: Double = 2) {
    helper.stop(grace: grace)
    proxy.stop()
  }

  /// `adhost-gst` beside the running program (its real file), or `ADHOST_GST` when set.
  static func helperBesideProgram() throws(GStreamerEngineFailure) -> URL {
    let environment = ProcessInfo.processInfo.environment
    if let path = environment["ADHOST_GST"], !path.isEmpty { return URL(fileURLWithPath: path) }
    guard let program = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
      throw .cannotStart("cannot find the running program's file (/proc/self/exe); set ADHOST_GST")
    }
    let candidate = URL(fileURLWithPath: program).deletingLastPathComponent().appendingPathComponent(
      "adhost-gst")
    guard FileManager.default.isExecutableFile(atPath: candidate.path) else {
      throw .cannotStart(
        "adhost-gst not found beside \(program) (swift build builds it where GStreamer's development "
          + "packages are installed: scripts/setup.sh; or set ADHOST_GST)")
    }
    return candidate
  }
}

/// How the GStreamer engine runs.
public struct GStreamerEngineOptions: Sendable {
  /// The sinks' pace.
  public enum Speed: Sendable, Equatable {
    /// Synchronised to the clock: what an app gets.
    case realTime
    /// Unsynchronised sinks: as fast as the machine demuxes and decodes.
    case fast
  }

  /// Where the engine's requests go (through the host's proxy).
  public var http: HTTPClient
  /// Real time (the default) or fast.
  public var speed: Speed = .realTime
  /// In the fast mode, whether the host steps the engine (`GStreamerEngine.step(until:)`): each
  /// video frame past the position allowed is reported as the playhead and waits for the host,
  /// so that the host's timers on media time run at the media time they are due. Without it the
  /// fast engine runs ahead of the host by as much as the machine decodes between two reports.
  public var stepped = false
  /// A window (autovideosink, autoaudiosink) instead of fakesinks; needs a display.
  public var show = false
  /// The X display of the window (`DISPLAY` for the helper, `:N`); nil: the host's own.
  public var display: String?
  /// The helper executable; nil: `adhost-gst` beside the running program (or `ADHOST_GST`).
  public var helper: URL?

  /// Options with the host's HTTP client.
  public init(http: HTTPClient) { self.http = http }
}
