import Foundation
import GStreamerEngine
import HTTPKit

/// A GStreamer engine for one test, with what it reported so far.
final class EngineSession {
  let engine: GStreamerEngine
  private(set) var events: [EngineEvent] = []

  /// An engine whose requests go through `transport` (the network by default).
  init(speed: GStreamerEngineOptions.Speed, transport: any HTTPTransport = URLSessionTransport.shared) throws
  {
    var options = GStreamerEngineOptions(
      http: HTTPClient(policy: TransportPolicy(allowsArbitraryLoads: true), transport: transport))
    options.speed = speed
    engine = try GStreamerEngine(options: options)
  }

  /// A session of an engine made by the test.
  init(engine: GStreamerEngine) { self.engine = engine }

  /// Reads events until one matches (returned), or nil when `seconds` passed or the helper ended
  /// first. The deadline only keeps a broken engine from hanging the test.
  @discardableResult
  func wait(seconds: Double = 30, for match: (EngineEvent) -> Bool) -> EngineEvent? {
    let deadline = Date(timeIntervalSinceNow: seconds)
    while let event = engine.next(before: deadline) {
      events.append(event)
      if match(event) { return event }
    }
    return nil
  }

  /// Waits for a state.
  @discardableResult
  func wait(for state: EngineState) -> EngineEvent? {
    wait { if case .state(state, _) = $0 { return true } else { return false } }
  }

  /// The errors reported, in order.
  var errors: [EngineError] {
    events.compactMap { if case .error(let error) = $0 { return error } else { return nil } }
  }

  /// Plays `url` until it ends or fails (the engine's error); true when it ended.
  func playToTheEnd(_ url: URL) throws -> Bool {
    try engine.load(url)
    engine.play()
    let last = wait {
      switch $0 {
      case .state(.ended, _), .error: return true
      default: return false
      }
    }
    if case .state(.ended, _) = last { return true }
    return false
  }

  /// The states reported, in order.
  var states: [EngineState] {
    events.compactMap { if case .state(let state, _) = $0 { return state } else { return nil } }
  }

  /// The segments the engine reported, in order.
  var segments: [EngineSegment] {
    events.compactMap { if case .segment(let segment) = $0 { return segment } else { return nil } }
  }

  /// The last frame counts reported.
  var frames: (rendered: Int, dropped: Int)? {
    events.reversed().lazy.compactMap {
      if case .frames(let rendered, let dropped) = $0 { return (rendered, dropped) } else { return nil }
    }.first
  }
}
