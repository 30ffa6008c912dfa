import Foundation

/// Reads a Lua source file for loading, refusing one larger than the memory budget before it is
/// read: a chunk is held whole while it compiles, so a bigger one could not load anyway, and
/// reading it first would grow the host past the budget.
enum SourceFile {
  /// The file's bytes; `limit` is the memory budget in bytes (0: none). Errors name the file as
  /// `shown` ("plugin.lua", "module 'x': lib/x.lua").
  static func read(_ path: String, limit: Int, describedAs shown: String) throws(LuaError) -> Data {
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw LuaError(.file, "cannot read \(shown): no such file or not readable")
    }
    defer { try? handle.close() }
    let size = FileStatus.size(of: handle.fileDescriptor)
    if limit > 0, let size, size > limit { throw tooLarge(shown, size: "\(size) bytes", limit: limit) }
    do {
      // At most one byte past the budget: a file that grew since its size was read is refused too.
      let data = try (limit > 0 ? handle.read(upToCount: limit + 1) : handle.readToEnd()) ?? Data()
      if limit > 0, data.count > limit {
        throw tooLarge(shown, size: "more than \(limit) bytes", limit: limit)
      }
      return data
    } catch let error as LuaError {
      throw error
    } catch {
      throw LuaError(.file, "cannot read \(shown): \(error.localizedDescription)")
    }
  }

  private static func tooLarge(_ shown: String, size: String, limit: Int) -> LuaError {
    let megabytes = Double(limit) / 1_048_576
    return LuaError(
      .memoryBudget,
      "\(shown) is \(size), larger than the memory budget (\(megabytes.formatted(maxFractionDigits: 1)) MiB): "
        + "not read")
  }
}
