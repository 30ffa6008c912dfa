import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// What `lstat`, `stat` and `fstat` say of a file, in one system call each: `require` looks at
/// every folder on a module's way and at its file, and FileManager's `attributesOfItem` builds a
/// dictionary of every attribute for each (the owner's and group's names looked up too), which
/// cost more than reading the module.
enum FileStatus {
  enum Kind {
    case file, folder, symbolicLink, other
  }

  /// The kind of the entry at `path`: of a symlink itself unless `followingLinks`; nil when
  /// there is none (or it cannot be looked at).
  static func kind(of path: String, followingLinks: Bool = false) -> Kind? {
    var status = stat()
    guard (followingLinks ? stat(path, &status) : lstat(path, &status)) == 0 else { return nil }
    switch status.st_mode & S_IFMT {
    case S_IFREG: return .file
    case S_IFDIR: return .folder
    case S_IFLNK: return .symbolicLink
    default: return .other
    }
  }

  /// The size in bytes of the open file `descriptor`, nil when it cannot be read.
  static func size(of descriptor: Int32) -> Int? {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return nil }
    return Int(exactly: status.st_size)
  }
}
