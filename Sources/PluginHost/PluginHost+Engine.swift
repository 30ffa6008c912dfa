import HTTPKit
import LuaKit
import PlaybackEngine

extension PluginHost {
  /// See `PlaybackEngine.virtualLatency`.
  func virtualLatency() -> VirtualLatency? { engine.virtualLatency() }

  /// See `PlaybackEngine.starting`.
  func starting<Value>(_ latency: VirtualLatency?, _ start: () throws -> Value) rethrows -> Value {
    try engine.starting(latency, start)
  }
}
