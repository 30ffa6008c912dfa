/// A value carried through a `@Sendable` closure that only ever touches it on the host thread
/// (the closures given to `WorkToken.finish` run there).
struct HostThreadOnly<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
