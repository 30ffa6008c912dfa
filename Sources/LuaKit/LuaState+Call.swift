import CLua
import CLuaShim
import CheckedNumbers
import Foundation

extension LuaState {
  /// Compiles a text chunk (binary chunks are refused) named `chunkName` (`@path` for a file,
  /// `=name` for anything else), with `environment` as its `_ENV` when given.
  public func load(
    _ code: String, chunkName: String, environment: LuaTableReference? = nil
  ) throws(LuaError) -> LuaFunction {
    try load(code, chunkName: chunkName, environment: environment, cachedAs: nil)
  }

  /// `load` of the host's own code, compiled once per `chunkCache` under the name `file`.
  func load(
    _ code: String, chunkName: String, environment: LuaTableReference? = nil, cachedAs file: String?
  ) throws(LuaError) -> LuaFunction {
    var code = code
    let result = code.withUTF8 { buffer in
      Result { () throws(LuaError) in
        try load(
          bytes: UnsafeRawBufferPointer(buffer), chunkName: chunkName, environment: environment, file: file)
      }
    }
    return try result.get()
  }

  /// `load` of a file's bytes, without copying them into a string; `file` is where they were
  /// read (the chunk cache's key with the chunk's name).
  func load(
    data: Data, chunkName: String, environment: LuaTableReference?, file: String
  ) throws(LuaError) -> LuaFunction {
    let result = data.withUnsafeBytes { bytes in
      Result { () throws(LuaError) in
        try load(bytes: bytes, chunkName: chunkName, environment: environment, file: file)
      }
    }
    return try result.get()
  }

  /// `load` of the bytes of a chunk. With a `file` (where the bytes were read, or a name for the
  /// host's own chunks) and a `chunkCache`, a chunk compiled before from the same bytes under
  /// the same name loads from its binary.
  func load(
    bytes: UnsafeRawBufferPointer, chunkName: String, environment: LuaTableReference?, file: String? = nil
  ) throws(LuaError) -> LuaFunction {
    // Lua's refusal of a binary chunk names no chunk: name it here.
    if bytes.first == 0x1B {
      throw LuaError(
        .syntax,
        "\(Self.shownName(chunkName)): attempt to load a binary chunk (precompiled Lua): only source text "
          + "is loaded")
    }
    let cache = file == nil ? nil : chunkCache
    let key = file.map { LuaChunkCache.key(chunkName: chunkName, file: $0) } ?? ""
    let status: Int32
    if let cache, let binary = cache.binary(for: key, source: bytes) {
      status = binary.withUnsafeBytes { binary in
        lk_loadbinary(L, binary.baseAddress?.assumingMemoryBound(to: CChar.self), binary.count, chunkName)
      }
    } else {
      status = lk_loadtext(L, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.count, chunkName)
      cache?.compiled(key, source: bytes, binary: status == LUA_OK ? dumpedFunctionOnTop() : nil)
    }
    guard status == LUA_OK else {
      let message = stringValue(at: -1, on: L).stringValue ?? "cannot load \(chunkName)"
      lk_pop(L, 1)
      throw LuaError(status == LUA_ERRMEM ? .memoryBudget : .syntax, message)
    }
    if let environment {
      environment.push(on: L)
      // A loaded main chunk has exactly one upvalue, _ENV.
      _ = lua_setupvalue(L, -2, 1)
    }
    return LuaFunction(popping: self, from: L)
  }

  /// The binary chunk of the function on top of the stack, with its debug information; nil
  /// when there was no memory for it.
  private func dumpedFunctionOnTop() -> Data? {
    var buffer = lk_dump_buffer()
    guard lk_dump(L, &buffer) == 0, let bytes = buffer.bytes else { return nil }
    return Data(bytesNoCopy: bytes, count: buffer.count, deallocator: .free)
  }

  /// A chunk's name as Lua shows it in messages: `@path` and `=name` without their mark.
  static func shownName(_ chunkName: String) -> String {
    chunkName.first == "@" || chunkName.first == "=" ? String(chunkName.dropFirst()) : chunkName
  }

  /// Calls `function` with `arguments` under the budgets and returns its results.
  @discardableResult
  public func call(_ function: LuaFunction, _ arguments: [LuaValue] = []) throws(LuaError) -> [LuaValue] {
    try entering { () throws(LuaError) in try protectedCall(function, arguments) }
  }

  private func protectedCall(_ function: LuaFunction, _ arguments: [LuaValue]) throws(LuaError) -> [LuaValue]
  {
    let base = lua_gettop(L)
    lua_pushcclosure(L, lk_message_handler, 0)
    function.push(on: L)
    for argument in arguments { push(argument) }
    defer { lua_settop(L, base) }
    try takeStackFailure()
    let status = lk_pcall(L, Int32(arguments.count), lk_multret(), base + 1)
    guard status == LUA_OK else { throw failure(status: status, on: L, traceback: true) }
    var results: [LuaValue] = []
    let top = lua_gettop(L)
    if top > base + 1 {
      for index in (base + 2)...top { results.append(try value(at: index)) }
    }
    return results
  }

  /// Turns a failed call's status and error value (on top of `thread`) into a `LuaError`, naming
  /// a budget when one was the cause. Does not pop.
  func failure(status: Int32, on thread: OpaquePointer, traceback wantsTraceback: Bool) -> LuaError {
    let context = self.context.pointee
    var traceback: String?
    if wantsTraceback {
      lk_take_traceback(L)
      traceback = stringValue(at: -1, on: L).stringValue
      lk_pop(L, 1)
    }
    if status == LUA_ERRMEM || context.memory_refused != 0 && status != LUA_OK && context.cpu_exceeded == 0 {
      let where_ = withUnsafeBytes(of: context.memory_where) { bytes in
        String(decoding: bytes.prefix(while: { $0 != 0 }), as: UTF8.self)
      }
      let megabytes = Double(limits.memoryBytes) / 1_048_576
      let prefix = where_.isEmpty ? "" : where_ + ": "
      return LuaError(
        .memoryBudget,
        "\(prefix)memory budget exceeded (\(megabytes.formatted(maxFractionDigits: 1)) MiB)",
        traceback: traceback)
    }
    let message: String
    switch lua_type(thread, -1) {
    case LUA_TSTRING, LUA_TNUMBER: message = stringValue(at: -1, on: thread).stringValue ?? "error"
    case LUA_TNIL: message = "error (nil)"
    default:
      let typeName = String(cString: lk_typename(thread, -1))
      message = "error (a \(typeName) value)"
    }
    let kind: LuaError.Kind
    switch (status, context.cpu_exceeded) {
    case (LUA_ERRSYNTAX, _): kind = .syntax
    case (LUA_ERRERR, _): kind = .errorHandler
    case (_, 1): kind = .instructionBudget
    case (_, 2): kind = .timeBudget
    case (_, 3): kind = .runTimeBudget
    default: kind = .runtime
    }
    if kind == .runTimeBudget { runBudgetSpent?() }
    return LuaError(kind, message, traceback: traceback)
  }
}

extension Double {
  /// The number with at most `digits` fraction digits and no trailing zeros.
  func formatted(maxFractionDigits digits: Int) -> String {
    if let whole = Int64.checked(self) { return String(whole) }
    guard isFinite, abs(self) < 1e15 else { return String(self) }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    return String((self * scale).rounded() / scale)
  }
}
