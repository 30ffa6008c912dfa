import Foundation
import LuaKit

/// The folder of Lua modules the sandbox tests require from.
let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .appendingPathComponent("Fixtures/modules").path

/// Runs `code` as a plugin chunk named `plugin.lua` in a fresh sandbox and returns its results.
@discardableResult
func runSandboxed(
  _ code: String, state: LuaState? = nil, limits: LuaLimits = LuaLimits()
) throws -> [LuaValue] {
  let lua = try state ?? LuaState(limits: limits)
  let environment = try lua.makeSandbox(moduleDirectory: fixtures)
  let chunk = try lua.load(code, chunkName: "@plugin.lua", environment: environment)
  return try lua.call(chunk)
}

/// The error a sandboxed chunk fails with, or nil when it does not fail.
func sandboxError(_ code: String, state: LuaState? = nil, limits: LuaLimits = LuaLimits()) -> LuaError? {
  do {
    try runSandboxed(code, state: state, limits: limits)
    return nil
  } catch let error as LuaError {
    return error
  } catch {
    return LuaError(.runtime, "\(error)")
  }
}
