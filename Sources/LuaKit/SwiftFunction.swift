import CLua
import CLuaShim

/// A Swift function callable from Lua: reads its arguments from the call, pushes its results and
/// returns how many. A thrown error becomes a Lua error raised at the caller's line.
public typealias LuaSwiftFunction = (LuaCall) throws -> Int32

/// What the C trampoline calls; Lua's `__gc` releases it.
class SwiftFunctionBox {
  func invoke(_ call: LuaCall) throws -> Int32 { 0 }
}

/// A box for a plain Swift function.
final class ClosureBox: SwiftFunctionBox {
  let body: LuaSwiftFunction
  init(_ body: @escaping LuaSwiftFunction) { self.body = body }
  override func invoke(_ call: LuaCall) throws -> Int32 { try body(call) }
}

extension LuaState {
  /// Tells the C shim, once per process, how to call and release Swift boxes.
  static let installSwiftHooks: Void = lk_set_swift_hooks(
    dispatchSwiftFunction, dispatchSwiftMethod, releaseSwiftObject)

  /// Pushes `body` as a Lua function onto `thread` (the main thread by default).
  public func pushFunction(_ body: @escaping LuaSwiftFunction, on thread: OpaquePointer? = nil) {
    push(box: ClosureBox(body), on: thread ?? L)
  }

  func push(box: SwiftFunctionBox, on L: OpaquePointer) {
    lk_push_swift_function(L, Unmanaged.passRetained(box).toOpaque())
  }

  /// `body` as a Lua function value, to store in tables or pass to Lua.
  public func function(_ body: @escaping LuaSwiftFunction) -> LuaFunction {
    pushFunction(body)
    return LuaFunction(popping: self, from: L)
  }
}

/// Called by the trampoline: runs the Swift function and reports errors as a status, so that the
/// trampoline raises them once this frame has returned.
private func dispatchSwiftFunction(_ L: OpaquePointer?, _ box: UnsafeMutableRawPointer?) -> Int32 {
  guard let L, let box else { return 0 }
  let call = LuaCall(L)
  do {
    // Lua holds the box while the call runs: no retain needed.
    return try Unmanaged<SwiftFunctionBox>.fromOpaque(box)._withUnsafeGuaranteedRef { try $0.invoke(call) }
  } catch {
    return raiseStatus(error, in: call)
  }
}

/// Called by the method trampoline once it has checked that argument 1 is an object of the
/// method's class: calls the method with it (the method turns its errors into a status).
private func dispatchSwiftMethod(
  _ L: OpaquePointer, _ box: UnsafeMutableRawPointer, _ object: UnsafeMutableRawPointer
) -> Int32 {
  // Lua holds the box while the call runs: no retain needed.
  Unmanaged<MethodBox>.fromOpaque(box)._withUnsafeGuaranteedRef { $0.body(object, LuaCall(L)) }
}

/// Pushes a thrown error's message, located at the caller's line unless it already names a chunk
/// (a nested Lua call that failed), and returns the status that tells the trampoline to raise it.
@usableFromInline @inline(never)
func raiseStatus(_ error: any Error, in call: LuaCall) -> Int32 {
  let message: String
  switch error {
  case let error as LuaError where error.chunk != nil: message = error.message
  case let error as LuaError: message = call.location + error.message
  default: message = call.location + String(describing: error)
  }
  call.state.pushString(message, on: call.L)
  return Int32(LK_RAISE)
}

private func releaseSwiftObject(_ pointer: UnsafeMutableRawPointer?) {
  guard let pointer else { return }
  Unmanaged<AnyObject>.fromOpaque(pointer).release()
}
