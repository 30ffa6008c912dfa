import CLua
import CLuaShim

extension LuaReference {
  /// The value's identity in Lua (`lua_topointer`): the same for every reference to one function
  /// or table, and not taken by another value while a reference holds it; a key for tables of
  /// Lua values that must not compare them one by one. `nil` once the state is gone.
  public var identity: UnsafeRawPointer? {
    guard let state else { return nil }
    push(on: state.L)
    defer { lk_pop(state.L, 1) }
    return lua_topointer(state.L, -1)
  }
}
