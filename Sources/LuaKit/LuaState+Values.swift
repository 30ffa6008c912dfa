import CLua
import CLuaShim

extension LuaState {
  /// Pushes a Swift value onto the stack of `thread` (the main thread by default).
  /// Never raises (a raise would jump over Swift): when the stack has no room left (Lua's
  /// stack limit), it pushes nothing more and marks the context, so that the trampoline raises
  /// "stack overflow" once Swift has returned, and host calls throw (see `takeStackFailure`).
  func push(_ value: LuaValue, on thread: OpaquePointer? = nil) {
    let L = thread ?? self.L
    guard context.pointee.stack_failed == 0, lua_checkstack(L, 4) != 0 else {
      context.pointee.stack_failed = 1
      return
    }
    switch value {
    case .nil: lua_pushnil(L)
    case .boolean(let flag): lua_pushboolean(L, flag ? 1 : 0)
    case .integer(let number): lua_pushinteger(L, number)
    case .number(let number): lua_pushnumber(L, number)
    case .string(let text): pushString(text, on: L)
    case .bytes(let bytes):
      bytes.withUnsafeBufferPointer { buffer in
        buffer.withMemoryRebound(to: CChar.self) { _ = lua_pushlstring(L, $0.baseAddress, $0.count) }
      }
    case .array(let elements):
      lua_createtable(L, Int32(clamping: elements.count), 0)
      for (offset, element) in elements.enumerated() {
        push(element, on: L)
        guard context.pointee.stack_failed == 0 else { return }
        lua_rawseti(L, -2, lua_Integer(offset + 1))
      }
    case .dictionary(let fields):
      lua_createtable(L, 0, Int32(clamping: fields.count))
      for (key, field) in fields {
        pushString(key, on: L)
        push(field, on: L)
        guard context.pointee.stack_failed == 0 else { return }
        lua_rawset(L, -3)
      }
    case .table(let entries):
      lua_createtable(L, 0, Int32(clamping: entries.count))
      for entry in entries where !entry.key.isNil && entry.key != .number(.nan) {
        push(entry.key, on: L)
        push(entry.value, on: L)
        guard context.pointee.stack_failed == 0 else { return }
        lua_rawset(L, -3)
      }
    case .function(let function): function.push(on: L)
    case .tableReference(let table): table.push(on: L)
    case .object(let object): pushObject(object, on: L)
    }
  }

  /// Throws, and clears the mark, when a push since the last check found no room on the stack.
  func takeStackFailure() throws(LuaError) {
    guard context.pointee.stack_failed != 0 else { return }
    context.pointee.stack_failed = 0
    throw LuaError(.runtime, "stack overflow (no room on the Lua stack for the host's values)")
  }

  func pushString(_ text: String, on L: OpaquePointer) {
    var text = text
    text.withUTF8 { buffer in
      buffer.withMemoryRebound(to: CChar.self) { _ = lua_pushlstring(L, $0.baseAddress, $0.count) }
    }
  }

  func stringValue(at index: Int32, on L: OpaquePointer) -> LuaValue {
    var length = 0
    guard let pointer = lua_tolstring(L, index, &length) else { return .nil }
    let bytes = UnsafeRawBufferPointer(start: pointer, count: length)
    if let text = String(validating: bytes, as: UTF8.self) { return .string(text) }
    return .bytes(Array(bytes))
  }
}
