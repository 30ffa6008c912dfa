import CLua
import CLuaShim

/// What one copy of a Lua value into Swift has cost so far. Every value reached counts, a shared
/// subtable each time it is reached: the work is charged to the running call's CPU budget and
/// the host memory the copy takes (an estimate per value, plus the bytes of strings) to its
/// memory budget, on top of what Lua holds.
struct CopyMeter {
  /// Host bytes counted for each value copied (a `LuaValue` and its share of its container).
  static let bytesPerValue = 48
  /// Values copied between two checks of the budgets.
  static let valuesPerCheck = 256
  var bytes = 0
  var unchecked = 0
  /// Whether the copy already ran the collector once to find room.
  var collected = false
}

/// Why a copy stopped, and where: the keys from the copied value down to the failing one.
private struct CopyFailure: Error {
  var kind: LuaError.Kind
  var reason: String
  /// Keys as written in Lua (`[1]`, `.name`), innermost first.
  var path: [String] = []

  var error: LuaError {
    guard !path.isEmpty else { return LuaError(kind, reason) }
    let keys = path.reversed()
    let shown = keys.count > 12 ? keys.prefix(12).joined() + "…" : keys.joined()
    return LuaError(kind, "\(reason) (at \(shown))")
  }
}

extension LuaState {
  /// Copies the value at `index` of `thread` into Swift. Tables are copied deeply (functions and
  /// userdata inside by reference); a table that contains itself, or nesting deeper than 100
  /// levels, is an error. Reads tables with raw access only: no metamethod runs. The copy is
  /// charged to the budgets of the call under way (see `CopyMeter`); past one it stops with the
  /// budget's error and the path it had reached.
  func value(at index: Int32, on thread: OpaquePointer? = nil) throws(LuaError) -> LuaValue {
    let L = thread ?? self.L
    var identities: [UnsafeRawPointer] = []
    var meter = CopyMeter()
    do {
      let value = try copyValue(at: lua_absindex(L, index), on: L, identities: &identities, meter: &meter)
      try check(&meter, on: L)
      return value
    } catch {
      throw error.error
    }
  }

  private func copyValue(
    at index: Int32, on L: OpaquePointer, identities: inout [UnsafeRawPointer], meter: inout CopyMeter
  ) throws(CopyFailure) -> LuaValue {
    meter.bytes += CopyMeter.bytesPerValue
    meter.unchecked += 1
    if meter.unchecked >= CopyMeter.valuesPerCheck { try check(&meter, on: L) }
    switch lua_type(L, index) {
    case LUA_TBOOLEAN: return .boolean(lua_toboolean(L, index) != 0)
    case LUA_TNUMBER:
      return lk_isinteger(L, index) != 0
        ? .integer(lua_tointegerx(L, index, nil)) : .number(lua_tonumberx(L, index, nil))
    case LUA_TSTRING:
      let length = Int(lua_rawlen(L, index))
      meter.bytes += length
      if length > 4096 { try check(&meter, on: L) }
      return stringValue(at: index, on: L)
    case LUA_TTABLE: return try copyTable(at: index, on: L, identities: &identities, meter: &meter)
    case LUA_TFUNCTION:
      lua_pushvalue(L, index)
      return .function(LuaFunction(popping: self, from: L))
    case LUA_TUSERDATA:
      if let object = objectValue(at: index, on: L) { return .object(object) }
      return .nil
    default: return .nil
    }
  }

  private func copyTable(
    at index: Int32, on L: OpaquePointer, identities: inout [UnsafeRawPointer], meter: inout CopyMeter
  ) throws(CopyFailure) -> LuaValue {
    guard let identity = lua_topointer(L, index) else { return .nil }
    if identities.contains(identity) {
      throw CopyFailure(kind: .runtime, reason: "cannot copy a table that contains itself")
    }
    guard identities.count < 100, lua_checkstack(L, 4) != 0 else {
      throw CopyFailure(kind: .runtime, reason: "cannot copy a table nested deeper than 100 levels")
    }
    identities.append(identity)
    defer { identities.removeLast() }

    var entries: [LuaTableEntry] = []
    lua_pushnil(L)
    while lua_next(L, index) != 0 {
      // Copy the key without converting it in place, which would confuse lua_next.
      do throws(CopyFailure) {
        let key = try copyValue(at: lua_absindex(L, -2), on: L, identities: &identities, meter: &meter)
        let value = try copyValue(at: lua_absindex(L, -1), on: L, identities: &identities, meter: &meter)
        entries.append(LuaTableEntry(key: key, value: value))
      } catch {
        var failure = error
        failure.path.append(Self.describeKey(at: lua_absindex(L, -2), on: L))
        lk_pop(L, 2)
        throw failure
      }
      lk_pop(L, 1)
    }
    return Self.shape(entries)
  }

  /// Charges what `meter` counted since its last check; throws when a budget is spent.
  private func check(_ meter: inout CopyMeter, on L: OpaquePointer) throws(CopyFailure) {
    let spent = lk_charge_host(L, Int64(meter.unchecked))
    meter.unchecked = 0
    switch spent {
    case 1:
      throw CopyFailure(
        kind: .instructionBudget,
        reason: "instruction budget exceeded (\(limits.instructionsPerCall) instructions)")
    case 2:
      let seconds = limits.secondsPerCall.formatted(maxFractionDigits: 3)
      throw CopyFailure(kind: .timeBudget, reason: "time budget exceeded (\(seconds) s)")
    case 3:
      let seconds = limits.secondsPerRun.formatted(maxFractionDigits: 3)
      throw CopyFailure(
        kind: .runTimeBudget, reason: "run time budget exceeded (\(seconds) s of plugin time in all calls)")
    default: break
    }
    let limit = Int(context.pointee.limit)
    guard limit > 0, Int(context.pointee.used + context.pointee.host_used) + meter.bytes > limit else {
      return
    }
    // What Lua holds may be mostly garbage (after a call that hit the budget, say).
    if !meter.collected {
      meter.collected = true
      lk_gc_collect(L)
    }
    if Int(context.pointee.used + context.pointee.host_used) + meter.bytes > limit {
      throw CopyFailure(
        kind: .memoryBudget, reason: "\(memoryBudgetExceeded) copying a Lua value into the host")
    }
  }

  /// "memory budget exceeded (64 MiB)".
  var memoryBudgetExceeded: String {
    let megabytes = Double(limits.memoryBytes) / 1_048_576
    return "memory budget exceeded (\(megabytes.formatted(maxFractionDigits: 1)) MiB)"
  }

  /// A table key as Lua code would write it after the table: `[3]`, `.name`, `["a b"]`.
  private static func describeKey(at index: Int32, on L: OpaquePointer) -> String {
    switch lua_type(L, index) {
    case LUA_TNUMBER:
      if lk_isinteger(L, index) != 0 { return "[\(lua_tointegerx(L, index, nil))]" }
      return "[\(lua_tonumberx(L, index, nil))]"
    case LUA_TSTRING:
      var length = 0
      guard let pointer = lua_tolstring(L, index, &length) else { return "[?]" }
      let text = String(
        decoding: UnsafeRawBufferPointer(start: pointer, count: min(length, 40)), as: UTF8.self)
      let isName =
        length <= 40 && !text.isEmpty && text.first.map { $0.isLetter || $0 == "_" } == true
        && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
      return isName ? ".\(text)" : "[\(String(reflecting: text))]"
    default:
      return "[\(String(cString: lk_typename(L, index)))]"
    }
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
