import CLua
import CLuaShim

/// A Lua value kept alive in the state's registry for as long as this Swift object lives. Host thread only.
public class LuaReference {
  weak var state: LuaState?
  let reference: Int32
  /// Where the slot goes when this object does: the last reference may be dropped on any thread.
  private let releases: LuaReleaseQueue

  /// Anchors the value on top of `L`'s stack (and pops it).
  init(popping state: LuaState, from L: OpaquePointer) {
    self.state = state
    releases = state.releases
    // Reuses what was dropped, so that host code that never enters Lua cannot grow the registry.
    state.releaseDropped()
    reference = luaL_ref(L, lk_registryindex())
  }

  deinit {
    // Never touches the state here (see `LuaReleaseQueue`); once the state is gone, lua_close
    // has freed everything and the queue goes with this object.
    releases.drop(reference: reference)
  }

  /// Pushes the value onto `L`'s stack.
  func push(on L: OpaquePointer) {
    lua_rawgeti(L, lk_registryindex(), lua_Integer(reference))
  }
}

/// A Lua function kept for calling later. Host thread only.
public final class LuaFunction: LuaReference {}

extension LuaReference {
  /// Whether both references hold the same Lua value (raw equality: the same function or table).
  public func isSameValue(as other: LuaReference) -> Bool {
    guard let state, let otherState = other.state, state === otherState else { return false }
    push(on: state.L)
    other.push(on: state.L)
    defer { lk_pop(state.L, 2) }
    return lua_rawequal(state.L, -1, -2) != 0
  }
}

/// A live Lua table kept by reference: reads and writes go to the table itself, with raw access.
/// Host thread only.
public final class LuaTableReference: LuaReference {
  /// The field `key`, copied into Swift (raw access: no metamethod runs).
  public func get(_ key: String) throws(LuaError) -> LuaValue {
    guard let state else { return .nil }
    let L = state.L
    push(on: L)
    state.pushString(key, on: L)
    lua_rawget(L, -2)
    defer { lk_pop(L, 2) }
    return try state.value(at: -1)
  }

  /// Sets the field `key` (raw access).
  public func set(_ key: String, _ value: LuaValue) {
    guard let state else { return }
    let L = state.L
    push(on: L)
    state.pushString(key, on: L)
    state.push(value)
    lua_rawset(L, -3)
    lk_pop(L, 1)
  }

  /// Sets the field `key` to a read-only module of `fields`: a value whose fields Lua reads as
  /// usual (`key.name`, `pairs(key)`) but cannot change, not even with `rawset` or
  /// `setmetatable`; an assignment is an error that names it ("http is read-only: cannot set
  /// http.get").
  public func setModule(_ key: String, _ fields: [String: LuaValue]) {
    guard let state else { return }
    let L = state.L
    push(on: L)
    state.pushString(key, on: L)
    state.push(.dictionary(fields))
    lk_push_module(L, key)
    lua_rawset(L, -3)
    lk_pop(L, 1)
  }

  /// The table's string keys, sorted (raw access).
  public func keys() -> [String] {
    guard let state else { return [] }
    let L = state.L
    push(on: L)
    var names: [String] = []
    lua_pushnil(L)
    while lua_next(L, -2) != 0 {
      if lua_type(L, -2) == LUA_TSTRING, let name = state.stringValue(at: -2, on: L).stringValue {
        names.append(name)
      }
      lk_pop(L, 1)
    }
    lk_pop(L, 1)
    return names.sorted()
  }

  /// The field `key` as a live reference when it is a table (the fields of a read-only module
  /// too), else copied (raw access).
  public func field(_ key: String) -> LuaValue {
    guard let state else { return .nil }
    let L = state.L
    push(on: L)
    state.pushString(key, on: L)
    lua_rawget(L, -2)
    defer { lk_pop(L, 1) }
    if lua_type(L, -1) == LUA_TTABLE { return .tableReference(LuaTableReference(popping: state, from: L)) }
    if lk_push_module_fields(L, -1) != 0 {
      lk_remove(L, -2)
      return .tableReference(LuaTableReference(popping: state, from: L))
    }
    defer { lk_pop(L, 1) }
    return (try? state.value(at: -1)) ?? .nil
  }

  /// Copies the whole table into Swift.
  public func copy() throws(LuaError) -> LuaValue {
    guard let state else { return .nil }
    push(on: state.L)
    defer { lk_pop(state.L, 1) }
    return try state.value(at: -1)
  }
}

extension LuaState {
  /// A new empty table, kept by reference.
  public func newTable() -> LuaTableReference {
    lk_newtable(L)
    return LuaTableReference(popping: self, from: L)
  }

  /// Pushes `value` and keeps it as a table reference (tables only; nil otherwise).
  public func tableReference(_ value: LuaValue) -> LuaTableReference? {
    push(value)
    guard lua_type(L, -1) == LUA_TTABLE else {
      lk_pop(L, 1)
      return nil
    }
    return LuaTableReference(popping: self, from: L)
  }

  /// The global table of the state (not a sandbox's environment).
  public var globals: LuaTableReference {
    lk_pushglobaltable(L)
    return LuaTableReference(popping: self, from: L)
  }
}
