import Foundation
import GStreamerEngine
import HTTPKit
import LoopbackHTTP

/// `adhost-bench engine`: what the GStreamer engine costs beside GStreamer alone. One HLS TS
/// stream of real H.264 and AAC (`EngineBenchStream`) served from 127.0.0.1 is played to its end
/// in the fast mode by `GStreamerEngine` (the adhost-gst helper, and the host's proxy in this
/// process: load, play, ended, destroy) and by `gst-launch-1.0 playbin3` with the same unsynced
/// fakesinks, in alternating rounds. Each round's CPU seconds are this process's (the proxy, and
/// the origin server both sides share) plus its children's (the helper, or gst-launch), per
/// content minute; the figure is the ratio of the medians (target ≤ 1.3).
enum EngineBench {
  static let rounds = 5

  static var suite: Suite {
    Suite(
      name: "engine",
      summary:
        "CPU per content minute of a fast-mode GStreamer engine run vs gst-launch-1.0 on the same stream",
      figures: [
        "content_s", "resolution", "segments", "rounds", "engine_cpu_s", "engine_helper_cpu_s",
        "engine_host_cpu_s", "engine_wall_s", "gst_launch_cpu_s", "gst_launch_origin_cpu_s",
        "gst_launch_wall_s",
        "engine_cpu_s_per_content_min", "gst_launch_cpu_s_per_content_min", "cpu_ratio_vs_gst_launch",
      ],
      run: run)
  }

  /// One round's CPU seconds: this process's and its children's, and the wall time.
  struct Usage {
    var host: Double
    var children: Double
    var wall: Double
    var total: Double { host + children }
  }

  static func run(_ arguments: [String]) throws -> [(key: String, value: BenchValue)] {
    let options = try Options(arguments)
    let stream = try EngineBenchStream.make(size: options.size)
    if let folder = options.write {
      for (name, bytes) in stream.files {
        let path = folder + "/" + name
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
          throw MediaBench.BenchError(description: "cannot write \(path)")
        }
      }
    }
    let server = try LoopbackServer()
    defer { server.stop() }
    for (name, bytes) in stream.files {
      let body = Data(bytes)
      server.route("/" + name) { _ in LoopbackResponse(body: body) }
    }
    server.fallback { _ in .notFound }
    let uri = server.url("/" + stream.manifestName)
    // One of each first, unmeasured (GStreamer's registry, the caches); then alternate so that
    // both see the same machine.
    _ = try engineRound(uri, frames: stream.frames)
    _ = try gstLaunchRound(uri)
    var engine: [Usage] = []
    var gstLaunch: [Usage] = []
    for _ in 0..<rounds {
      engine.append(try engineRound(uri, frames: stream.frames))
      gstLaunch.append(try gstLaunchRound(uri))
    }
    let median = TimelineBench.median
    let engineCPU = median(engine.map(\.total))
    let gstCPU = median(gstLaunch.map(\.total))
    let minutes = stream.seconds / 60
    return [
      ("content_s", .number(stream.seconds)), ("resolution", .text(options.size)),
      ("segments", .integer(stream.segmentCount)), ("rounds", .integer(rounds)),
      ("engine_cpu_s", .number(engineCPU)), ("engine_helper_cpu_s", .number(median(engine.map(\.children)))),
      ("engine_host_cpu_s", .number(median(engine.map(\.host)))),
      ("engine_wall_s", .number(median(engine.map(\.wall)))), ("gst_launch_cpu_s", .number(gstCPU)),
      ("gst_launch_origin_cpu_s", .number(median(gstLaunch.map(\.host)))),
      ("gst_launch_wall_s", .number(median(gstLaunch.map(\.wall)))),
      ("engine_cpu_s_per_content_min", .number(engineCPU / minutes)),
      ("gst_launch_cpu_s_per_content_min", .number(gstCPU / minutes)),
      ("cpu_ratio_vs_gst_launch", .number(engineCPU / gstCPU)),
    ]
  }

  /// `--size WIDTHxHEIGHT` (the stream's pictures), `--write DIR` (writes the stream's files).
  struct Options {
    var size = EngineBenchStream.defaultSize
    var write: String?

    init(_ arguments: [String]) throws {
      var rest = arguments[...]
      while let name = rest.popFirst() {
        guard let value = rest.popFirst() else {
          throw MediaBench.BenchError(
            description: "\(name) needs a value: expected --size WxH or --write DIR")
        }
        switch name {
        case "--size" where value.split(separator: "x").compactMap({ Int($0) }).count == 2: size = value
        case "--write": write = value
        default:
          throw MediaBench.BenchError(
            description: "expected --size WIDTHxHEIGHT or --write DIR, not \(name) \(value)")
        }
      }
    }
  }

  /// The engine in the fast mode, from load to the helper's exit; every frame must be rendered.
  static func engineRound(_ uri: URL, frames: Int) throws -> Usage {
    try measured {
      var options = GStreamerEngineOptions(
        http: HTTPClient(
          policy: TransportPolicy(allowsArbitraryLoads: true), transport: URLSessionTransport.shared))
      options.speed = .fast
      let engine = try GStreamerEngine(options: options)
      try engine.load(uri)
      engine.play()
      let deadline = Date(timeIntervalSinceNow: 600)
      var ended = false
      var rendered: Int?
      var last: EngineEvent?
      while let event = engine.next(before: deadline) {
        last = event
        switch event {
        case .state(.ended, _):
          ended = true
          engine.destroy()
        case .frames(let count, _): rendered = count
        case .error(let error): throw MediaBench.BenchError(description: "the engine failed: \(error)")
        case .crashed(let why): throw MediaBench.BenchError(description: why)
        default: break
        }
      }
      guard ended, last == .exited(status: 0), rendered == frames else {
        let requests = engine.requests
        let unanswered = requests.filter { $0.status != 200 }.map {
          "\($0.url): \($0.error ?? "\($0.status ?? 0)")"
        }
        throw MediaBench.BenchError(
          description:
            "the engine's run ended with \(String(describing: last)), \(rendered ?? 0) of \(frames) frames, "
            + "after \(requests.count) requests (not 200: \(unanswered))")
      }
    }
  }

  /// `gst-launch-1.0 playbin3` on the same URI, with the engine's sinks of the fast mode.
  static func gstLaunchRound(_ uri: URL) throws -> Usage {
    try measured {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = [
        "gst-launch-1.0", "-q", "playbin3", "uri=\(uri.absoluteString)", "video-sink=fakesink sync=false",
        "audio-sink=fakesink sync=false",
      ]
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      process.standardInput = FileHandle.nullDevice
      try process.run()
      process.waitUntilExit()
      guard process.terminationReason == .exit, process.terminationStatus == 0 else {
        throw MediaBench.BenchError(
          description: "gst-launch-1.0 ended with status \(process.terminationStatus) (gstreamer1.0-tools)")
      }
    }
  }

  /// The CPU seconds of this process and of its reaped children while `body` runs, and its wall
  /// seconds. `body` must reap the children it starts.
  private static func measured(_ body: () throws -> Void) throws -> Usage {
    let (self0, children0, wall0) = (cpuSeconds(RUSAGE_SELF), cpuSeconds(RUSAGE_CHILDREN), monotonicSeconds())
    try body()
    return Usage(
      host: cpuSeconds(RUSAGE_SELF) - self0, children: cpuSeconds(RUSAGE_CHILDREN) - children0,
      wall: monotonicSeconds() - wall0)
  }

  private static func cpuSeconds(_ who: __rusage_who) -> Double {
    var usage = rusage()
    getrusage(__rusage_who_t(who.rawValue), &usage)
    let seconds = { (time: timeval) in Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
  }
}
