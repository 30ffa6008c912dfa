import CLua
import CLuaShim

/// The arguments of a Swift function called from Lua, and the way it returns values.
///
/// Read arguments with the typed accessors (fast, no copies) or as `LuaValue`s; push results and
/// return their count, e.g. `return call.return(.number(total))`. Throwing raises a Lua error at
/// the caller's line, which Lua code may catch with `pcall`.
public struct LuaCall {
  /// The thread the call runs on.
  public let L: OpaquePointer

  init(_ L: OpaquePointer) { self.L = L }

  /// The state the call belongs to.
  public var state: LuaState { LuaState.owner(of: L) }

  /// How many arguments were passed.
  public var count: Int { Int(lua_gettop(L)) }

  /// The argument at 1-based `index`, copied into Swift.
  public func value(_ index: Int) throws(LuaError) -> LuaValue {
    guard index >= 1, index <= count else { return .nil }
    return try state.value(at: Int32(index), on: L)
  }

  /// Every argument, copied into Swift.
  public func values() throws(LuaError) -> [LuaValue] {
    var result: [LuaValue] = []
    for index in stride(from: 1, through: count, by: 1) { result.append(try value(index)) }
    return result
  }

  /// The argument's Lua type name.
  public func typeName(_ index: Int) -> String {
    String(cString: lua_typename(L, lua_type(L, Int32(index))))
  }

  /// The argument's type for a message: the type name of a host object (`Ad`, `Player`), else
  /// its Lua type name.
  public func typeDescription(_ index: Int) -> String {
    let slot = Int32(index)
    guard lua_type(L, slot) == LUA_TUSERDATA, lua_checkstack(L, 2) != 0, lua_getmetatable(L, slot) != 0 else {
      return typeName(index)
    }
    defer { lk_pop(L, 1) }
    // A raw read: the metatable is the host's, but no metamethod may run here.
    _ = lua_pushlstring(L, "__name", 6)
    defer { lk_pop(L, 1) }
    guard lua_rawget(L, -2) == LUA_TSTRING else { return typeName(index) }
    return state.stringValue(at: -1, on: L).stringValue ?? typeName(index)
  }

  /// The argument as a number (numeric strings convert, as in Lua), or nil.
  @inlinable
  public func number(_ index: Int) -> Double? {
    // Lua gives 0 for a value that is not a number: only then ask whether it is one. No out
    // parameter, whose stack slot would cost the caller a stack protector on every call.
    let value = lua_tonumberx(L, Int32(index), nil)
    return value != 0 || lua_isnumber(L, Int32(index)) != 0 ? value : nil
  }

  /// The argument as an integer, or nil when it is not a number with an integer value.
  @inlinable
  public func integer(_ index: Int) -> Int64? {
    guard lua_type(L, Int32(index)) == LUA_TNUMBER else { return nil }
    var exact: Int32 = 0
    let value = lua_tointegerx(L, Int32(index), &exact)
    return exact != 0 ? value : nil
  }

  /// The argument as a string (bytes that are not UTF-8 are repaired), or nil.
  public func string(_ index: Int) -> String? {
    guard lua_type(L, Int32(index)) == LUA_TSTRING else { return nil }
    return state.stringValue(at: Int32(index), on: L).stringValue
  }

  /// The argument as a boolean, or nil when it is not one.
  public func boolean(_ index: Int) -> Bool? {
    lua_type(L, Int32(index)) == LUA_TBOOLEAN ? lua_toboolean(L, Int32(index)) != 0 : nil
  }

  /// The argument as a Lua function kept for later, or nil.
  public func function(_ index: Int) -> LuaFunction? {
    guard lua_type(L, Int32(index)) == LUA_TFUNCTION else { return nil }
    lua_pushvalue(L, Int32(index))
    return LuaFunction(popping: state, from: L)
  }

  /// The argument as a live table, or nil.
  public func table(_ index: Int) -> LuaTableReference? {
    guard lua_type(L, Int32(index)) == LUA_TTABLE else { return nil }
    lua_pushvalue(L, Int32(index))
    return LuaTableReference(popping: state, from: L)
  }

  /// The argument as a Swift object of type `Object` (bound with `LuaObjectType`), or nil.
  @inline(__always)
  public func object<Object: AnyObject>(_ index: Int, as type: Object.Type) -> Object? {
    guard let pointer = lk_to_object(L, Int32(index), LuaState.typeTag(Object.self)) else { return nil }
    return Unmanaged<Object>.fromOpaque(pointer).takeUnretainedValue()
  }

  /// Refuses, with the memory budget's error, host work that would hold `bytes` more than Lua
  /// (and the host's records, `LuaState.holdHostMemory`) hold now beyond the state's memory
  /// budget: call it before a copy that grows host memory (decoding a document into Lua values,
  /// say), with what it will take at least. Nothing stays counted after the call.
  public func reserveHostMemory(_ bytes: Int) throws(LuaError) {
    let limit = Int(state.context.pointee.limit)
    let held = Int(state.context.pointee.used + state.context.pointee.host_used)
    guard limit > 0, held + bytes > limit else { return }
    let megabytes = (Double(bytes) / 1_048_576).formatted(maxFractionDigits: 1)
    throw LuaError(
      .memoryBudget, "\(state.memoryBudgetExceeded): the result would take about \(megabytes) MiB")
  }

  /// Pushes values and returns their count, for `return call.return(…)`.
  public func `return`(_ values: LuaValue...) -> Int32 {
    for value in values { state.push(value, on: L) }
    return Int32(values.count)
  }

  /// Pushes a number and returns 1.
  @inlinable
  public func `return`(number: Double) -> Int32 {
    lua_pushnumber(L, number)
    return 1
  }

  /// Suspends the host coroutine this call runs in; the host resumes it later with
  /// `LuaCoroutine.resume(_:)`, whose values become this call's results. Fails when the call
  /// does not run directly in a coroutine the host started, or runs where Lua cannot suspend it
  /// (under a C function such as `table.sort`): call it before starting the work waited for,
  /// so that refused work never starts.
  public func suspend() throws(LuaError) -> Int32 {
    guard let coroutine = state.hostCoroutines[L]?.object, coroutine.status == .running else {
      throw LuaError(
        .runtime,
        "cannot wait here: call it from plugin code that the host runs (not inside coroutine.wrap, "
          + "a metamethod or an iterator)")
    }
    guard lua_isyieldable(L) != 0 else {
      throw LuaError(
        .runtime,
        "cannot wait here: the call runs inside a function that Lua's C code called (a table.sort "
          + "comparator, a string.gsub replacement, a metamethod), which cannot be suspended; "
          + "nothing was started")
    }
    coroutine.suspendAsked = true
    return Int32(LK_YIELD_BASE)
  }

  /// The host coroutine the call runs in, if any.
  public var coroutine: LuaCoroutine? { state.hostCoroutines[L]?.object }

  /// `chunk:line: ` of the Lua code that made the call (empty when unknown).
  public var location: String {
    lk_push_where(L)
    defer { lk_pop(L, 1) }
    return state.stringValue(at: -1, on: L).stringValue ?? ""
  }
}
