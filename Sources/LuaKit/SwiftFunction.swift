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
  static let installSwiftHooks: Void = lk_set_swift_hooks(dispatchSwiftFunction, releaseSwiftObject)

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
  return Unmanaged<SwiftFunctionBox>.fromOpaque(box)._withUnsafeGuaranteedRef { function in
    do {
      return try function.invoke(call)
    } catch let error as LuaError where error.chunk != nil {
      // Already located: a nested Lua call that failed.
      call.state.pushString(error.message, on: L)
      return Int32(LK_RAISE)
    } catch let error as LuaError {
      call.state.pushString(call.location + error.message, on: L)
      return Int32(LK_RAISE)
    } catch {
      call.state.pushString(call.location + String(describing: error), on: L)
      return Int32(LK_RAISE)
    }
  }
}

private func releaseSwiftObject(_ pointer: UnsafeMutableRawPointer?) {
  guard let pointer else { return }
  Unmanaged<AnyObject>.fromOpaque(pointer).release()
}
