/// A value carried through a `@Sendable` closure that only ever touches it on the host thread
/// (the closures given to `WorkToken.finish` run there).
// why: the type's contract, which the compiler cannot see: the value is touched on the host thread only.
public struct HostThreadOnly<Value>: @unchecked Sendable {
  /// The value, to touch on the host thread only.
  public let value: Value
  /// Carries `value`.
  public init(_ value: Value) { self.value = value }
}
