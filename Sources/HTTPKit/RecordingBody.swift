import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a recorded body name is refused.
struct RecordingBodyProblem: Error, CustomStringConvertible {
  let description: String
}

/// The body files of a recording: names relative to the folder that must stay inside it, symbolic
/// links resolved (a recording shared by someone else must not read the user's other files).
enum RecordingBody {
  static let expected = "expected a file inside the recording folder, such as bodies/000001.bin"

  /// A recording folder's path and its real path (nil when it cannot be resolved), resolved once
  /// for all its bodies: a replay resolves each body it reads, and a load checks them all.
  struct Folder: Sendable {
    let path: String
    let realPath: String?

    init(_ folder: URL) {
      path = folder.path
      realPath = RecordingBody.realPath(path)
    }
  }

  /// The real path of body `name` inside `folder`, or why it is refused.
  static func resolve(_ name: String, in folder: URL) throws(RecordingBodyProblem) -> String {
    try resolve(name, in: Folder(folder))
  }

  /// The real path of body `name` inside `folder`, or why it is refused.
  static func resolve(_ name: String, in folder: Folder) throws(RecordingBodyProblem) -> String {
    if name.isEmpty || name.utf8.contains(0) {
      throw RecordingBodyProblem(description: "is not a file name; \(expected)")
    }
    if name.hasPrefix("/") {
      throw RecordingBodyProblem(description: "is an absolute path; \(expected)")
    }
    if let colon = name.firstIndex(of: ":"), !name[..<colon].contains("/") {
      throw RecordingBodyProblem(description: "is a URL; \(expected)")
    }
    if name.split(separator: "/").contains("..") {
      throw RecordingBodyProblem(description: "leaves the recording folder; \(expected)")
    }
    guard let root = folder.realPath else {
      throw RecordingBodyProblem(description: "cannot be resolved: the recording folder is unreadable")
    }
    if let target = plainTarget(name, in: folder, root: root) { return target }
    let joined = folder.path.hasSuffix("/") ? folder.path + name : folder.path + "/" + name
    guard let target = realPath(joined) else {
      throw RecordingBodyProblem(description: "no such file; \(expected)")
    }
    guard target.hasPrefix(root.hasSuffix("/") ? root : root + "/") else {
      throw RecordingBodyProblem(
        description: "is a link to \(target), outside the recording folder; \(expected)")
    }
    return target
  }

  /// The body `name` of a recording, at most `maxBytes`.
  static func read(_ name: String, in folder: URL, maxBytes: Int) throws(RecordingBodyReadError) -> Data {
    try read(name, in: Folder(folder), maxBytes: maxBytes)
  }

  /// The body `name` of a recording, at most `maxBytes`.
  static func read(_ name: String, in folder: Folder, maxBytes: Int) throws(RecordingBodyReadError) -> Data {
    let path: String
    do {
      path = try resolve(name, in: folder)
    } catch {
      throw .refused(error.description)
    }
    do {
      return try LocalFile.read(path, maxBytes: maxBytes)
    } catch .tooLarge {
      throw .tooLarge
    } catch {
      throw .refused(error.description)
    }
  }

  /// The real path of `name` inside the folder when each of its parts exists, none is a symbolic
  /// link and those before the last are folders: then it is the folder's real path and `name`,
  /// which `realpath` would return too, found with one `lstat` a part where `realpath` reads
  /// every folder of the path from `/` (a replay resolves a body at load and at each read).
  /// Nil otherwise (a link, a missing part, a `.` or empty part): `realpath` decides then.
  private static func plainTarget(_ name: String, in folder: Folder, root: String) -> String? {
    let parts = name.split(separator: "/", omittingEmptySubsequences: false)
    guard !parts.contains(where: { $0.isEmpty || $0 == "." }) else { return nil }
    var path = folder.path.hasSuffix("/") ? String(folder.path.dropLast()) : folder.path
    for (position, part) in parts.enumerated() {
      path += "/" + part
      var status = stat()
      guard lstat(path, &status) == 0 else { return nil }
      let kind = status.st_mode & S_IFMT
      guard kind != S_IFLNK, position == parts.count - 1 || kind == S_IFDIR else { return nil }
    }
    return root.hasSuffix("/") ? root + name : root + "/" + name
  }

  fileprivate static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}

/// Why a recorded body could not be replayed.
enum RecordingBodyReadError: Error {
  case tooLarge
  case refused(String)
}
