/// Values of the engine as the host reads them in an event.
enum EngineValue {
  /// A time in seconds, or nothing when the engine does not know it (negative).
  static func seconds(_ value: Double) -> Any? { value < 0 ? nil : value }
}
