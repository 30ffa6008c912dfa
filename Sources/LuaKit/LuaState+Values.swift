import CLua
import CLuaShim

extension LuaState {
  /// Pushes a Swift value onto the stack of `thread` (the main thread by default).
  /// Never raises: the allocator does not refuse while host code runs.
  func push(_ value: LuaValue, on thread: OpaquePointer? = nil) {
    let L = thread ?? self.L
    _ = lua_checkstack(L, 4)
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
        lua_rawseti(L, -2, lua_Integer(offset + 1))
      }
    case .dictionary(let fields):
      lua_createtable(L, 0, Int32(clamping: fields.count))
      for (key, field) in fields {
        pushString(key, on: L)
        push(field, on: L)
        lua_rawset(L, -3)
      }
    case .table(let entries):
      lua_createtable(L, 0, Int32(clamping: entries.count))
      for entry in entries where !entry.key.isNil && entry.key != .number(.nan) {
        push(entry.key, on: L)
        push(entry.value, on: L)
        lua_rawset(L, -3)
      }
    case .function(let function): function.push(on: L)
    case .tableReference(let table): table.push(on: L)
    case .object(let object): pushObject(object, on: L)
    }
  }

  func pushString(_ text: String, on L: OpaquePointer) {
    var text = text
    text.withUTF8 { buffer in
      buffer.withMemoryRebound(to: CChar.self) { _ = lua_pushlstring(L, $0.baseAddress, $0.count) }
    }
  }

  /// Copies the value at `index` of `thread` into Swift. Tables are copied deeply (functions and
  /// userdata inside by reference); a table that contains itself, or nesting deeper than 100
  /// levels, is an error. Reads tables with raw access only: no metamethod runs.
  func value(at index: Int32, on thread: OpaquePointer? = nil) throws(LuaError) -> LuaValue {
    let L = thread ?? self.L
    var path: [UnsafeRawPointer] = []
    return try copyValue(at: lua_absindex(L, index), on: L, path: &path)
  }

  private func copyValue(
    at index: Int32, on L: OpaquePointer, path: inout [UnsafeRawPointer]
  ) throws(LuaError) -> LuaValue {
    switch lua_type(L, index) {
    case LUA_TBOOLEAN: return .boolean(lua_toboolean(L, index) != 0)
    case LUA_TNUMBER:
      return lk_isinteger(L, index) != 0
        ? .integer(lua_tointegerx(L, index, nil)) : .number(lua_tonumberx(L, index, nil))
    case LUA_TSTRING: return stringValue(at: index, on: L)
    case LUA_TTABLE: return try copyTable(at: index, on: L, path: &path)
    case LUA_TFUNCTION:
      lua_pushvalue(L, index)
      return .function(LuaFunction(popping: self, from: L))
    case LUA_TUSERDATA:
      if let object = objectValue(at: index, on: L) { return .object(object) }
      return .nil
    default: return .nil
    }
  }

  func stringValue(at index: Int32, on L: OpaquePointer) -> LuaValue {
    var length = 0
    guard let pointer = lua_tolstring(L, index, &length) else { return .nil }
    let bytes = UnsafeRawBufferPointer(start: pointer, count: length)
    if let text = String(validating: bytes, as: UTF8.self) { return .string(text) }
    return .bytes(Array(bytes))
  }

  private func copyTable(
    at index: Int32, on L: OpaquePointer, path: inout [UnsafeRawPointer]
  ) throws(LuaError) -> LuaValue {
    guard let identity = lua_topointer(L, index) else { return .nil }
    if path.contains(identity) {
      throw LuaError(.runtime, "cannot copy a table that contains itself")
    }
    guard path.count < 100, lua_checkstack(L, 4) != 0 else {
      throw LuaError(.runtime, "cannot copy a table nested deeper than 100 levels")
    }
    path.append(identity)
    defer { path.removeLast() }

    var entries: [LuaTableEntry] = []
    lua_pushnil(L)
    while lua_next(L, index) != 0 {
      // Copy the key without converting it in place, which would confuse lua_next.
      let key: LuaValue
      do {
        key = try copyValue(at: lua_absindex(L, -2), on: L, path: &path)
        entries.append(
          LuaTableEntry(key: key, value: try copyValue(at: lua_absindex(L, -1), on: L, path: &path)))
      } catch {
        lk_pop(L, 2)
        throw error
      }
      lk_pop(L, 1)
    }
    return Self.shape(entries)
  }

  /// An array when the keys are exactly 1…n, a dictionary when all keys are strings.
  static func shape(_ entries: [LuaTableEntry]) -> LuaValue {
    if entries.isEmpty { return .dictionary([:]) }
    var elements = [LuaValue](repeating: .nil, count: entries.count)
    var isArray = true
    for entry in entries {
      guard case .integer(let position) = entry.key, position >= 1, position <= entries.count else {
        isArray = false
        break
      }
      elements[Int(position - 1)] = entry.value
    }
    if isArray { return .array(elements) }
    var fields: [String: LuaValue] = [:]
    for entry in entries {
      guard case .string(let key) = entry.key else { return .table(entries) }
      fields[key] = entry.value
    }
    return .dictionary(fields)
  }
}
