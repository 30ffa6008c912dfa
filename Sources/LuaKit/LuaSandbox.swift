import CLua
import CLuaShim
import Foundation

/// The sandbox is an allow-list: a plugin's environment holds only these base functions and
/// copies of these libraries. There is no `io`, `debug`, `package`, `dofile`, `loadfile` or
/// `string.dump`; `load` takes text only; `require` loads Lua files from the folders of a
/// `ModuleSearchPath`. Of `os`, `difftime` is Lua's; `time`, `date` and `clock` read the
/// state's `LuaClock` and work in UTC (see `sandboxPrelude`).
enum SandboxAllowList {
  static let baseFunctions = [
    "assert", "error", "getmetatable", "ipairs", "next", "pairs", "pcall", "rawequal", "rawget",
    "rawlen", "rawset", "select", "tonumber", "tostring", "type", "xpcall", "_VERSION",
  ]
  static let libraries = ["string", "table", "math", "utf8", "coroutine"]
  static let osFunctions = ["difftime"]
}

extension LuaState {
  /// A new environment for one plugin: the allow-listed globals (libraries copied, so a plugin
  /// changing `string` changes only its own), `_G` pointing at itself, and `require` finding
  /// `name.lua` (dots as folders) in `moduleDirectory` only.
  public func makeSandbox(moduleDirectory: String? = nil) throws(LuaError) -> LuaTableReference {
    try makeSandbox(
      modules: ModuleSearchPath(moduleDirectory.map { [.init($0, role: "the module folder")] } ?? []))
  }

  /// A new environment whose `require` finds `name.lua` (dots as folders) in the folders of
  /// `modules`, the first that holds it winning.
  public func makeSandbox(modules: ModuleSearchPath) throws(LuaError) -> LuaTableReference {
    hardenSharedLibraries
    let environment = newTable()
    let globals = self.globals
    for name in SandboxAllowList.baseFunctions { environment.set(name, try globals.get(name)) }
    for name in SandboxAllowList.libraries { environment.set(name, try shallowCopy(globals.get(name))) }
    let os = newTable()
    let realOS = try globals.get("os")
    for name in SandboxAllowList.osFunctions { os.set(name, realOS[name]) }
    environment.set("os", .tableReference(os))
    environment.set("_G", .tableReference(environment))

    let prelude = try load(sandboxPrelude, chunkName: "=[sandbox]", cachedAs: "[sandbox]")
    let hostPrint = function { call in
      call.state.printHandler(call.string(1) ?? "")
      return 0
    }
    let resolver = ModuleResolver(search: modules)
    let loadModule = function { call in
      guard let environment = call.table(2) else { return 0 }
      // Returned on the calling thread: `require` may run in a coroutine (a console's code).
      let (chunk, chunkName) = try call.state.loadModule(
        call.string(1) ?? "", with: resolver, environment: environment)
      return call.return(.function(chunk), .string(chunkName))
    }
    lua_pushcclosure(L, lk_module_name, 0)
    let moduleName = LuaFunction(popping: self, from: L)
    lua_pushcclosure(L, lk_budget_spent, 0)
    let budgetSpent = LuaFunction(popping: self, from: L)
    let clock = clockFunctions
    try call(
      prelude,
      [
        .tableReference(environment), .function(hostPrint), .function(loadModule), .function(moduleName),
        .function(budgetSpent), .function(clock.now), .function(clock.elapsed), .function(clock.utcTime),
      ])
    return environment
  }

  /// The Lua functions behind the sandbox's `os.time`, `os.date` and `os.clock`: the state's
  /// clock now (whole seconds) and elapsed, and `os.time(table)` read in UTC.
  private var clockFunctions: (now: LuaFunction, elapsed: LuaFunction, utcTime: LuaFunction) {
    let now = function { call in
      let seconds = call.state.clock.now().rounded(.down)
      guard let whole = Int64(exactly: seconds) else {
        throw LuaError(.runtime, "the host's clock is not a representable time (\(seconds))")
      }
      return call.return(.integer(whole))
    }
    let elapsed = function { call in call.return(number: call.state.clock.elapsed()) }
    lua_pushcclosure(L, lk_utc_time, 0)
    return (now, elapsed, LuaFunction(popping: self, from: L))
  }

  /// Loads a Lua file as a text chunk named after its path, with `environment` as its `_ENV`.
  /// A file larger than the memory budget is refused unread, naming the file and the budget.
  public func loadFile(_ path: String, environment: LuaTableReference? = nil) throws(LuaError) -> LuaFunction
  {
    let data = try SourceFile.read(path, limit: limits.memoryBytes, describedAs: path)
    let file = chunkCache == nil ? path : ModuleResolver.realPath(path) ?? path
    return try load(data: data, chunkName: "@" + path, environment: environment, file: file)
  }

  /// For `require`: finds `name` on the search path, loads it, and returns the chunk and the
  /// path it is named by.
  fileprivate func loadModule(
    _ name: String, with resolver: ModuleResolver, environment: LuaTableReference
  ) throws(LuaError) -> (LuaFunction, String) {
    let found = try resolver.resolve(name)
    let shown = "module '\(name)': \(found.chunkName)"
    let data = try SourceFile.read(found.file, limit: limits.memoryBytes, describedAs: shown)
    do {
      return (
        try load(data: data, chunkName: "@" + found.chunkName, environment: environment, file: found.file),
        found.chunkName
      )
    } catch {
      // A refusal that names no line (a binary chunk, no memory): say which module it was.
      guard error.chunk == nil else { throw error }
      throw LuaError(error.kind, "module '\(name)': " + error.message)
    }
  }

  /// Removes what no sandbox may reach from the libraries the state shares: `string.dump` (also
  /// reachable as `("").dump`), and the string metatable is hidden from `getmetatable`.
  private var hardenSharedLibraries: Void {
    lua_getglobal(L, "string")
    lua_pushnil(L)
    lua_setfield(L, -2, "dump")
    lk_pop(L, 1)
    pushString("", on: L)
    if lua_getmetatable(L, -1) != 0 {
      lua_pushboolean(L, 0)
      lua_setfield(L, -2, "__metatable")
      lk_pop(L, 1)
    }
    lk_pop(L, 1)
  }

  private func shallowCopy(_ value: LuaValue) throws(LuaError) -> LuaValue {
    guard case .dictionary(let fields) = value else { return value }
    return .tableReference(try tableReference(.dictionary(fields)).orThrow())
  }
}

extension Optional where Wrapped == LuaTableReference {
  fileprivate func orThrow() throws(LuaError) -> LuaTableReference {
    guard let self else { throw LuaError(.runtime, "expected a table") }
    return self
  }
}
