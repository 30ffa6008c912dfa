/// Where a sandbox's `require` looks for modules: folders in order, the first that holds the
/// module wins. A module name is words separated by dots (`adhost.stitched` is
/// `adhost/stitched.lua` in a folder); nothing outside the folders can be loaded, and a symlink
/// inside one loads only when it points into one of them.
public struct ModuleSearchPath: Sendable, Equatable {
  /// One folder of the search path.
  public struct Folder: Sendable, Equatable {
    /// The folder, as given (relative paths are against the current directory).
    public var path: String
    /// What the folder is, for messages: `"adhost's SDK"`, `"the plugin's folder"`, `"--lib"`.
    public var role: String
    /// Names its files in chunk names (tracebacks, error positions) in place of `path`, so that
    /// they do not carry where the folder is installed: `sdk` gives `sdk/adhost/stitched.lua`.
    public var chunkPrefix: String?

    public init(_ path: String, role: String, chunkPrefix: String? = nil) {
      self.path = path
      self.role = role
      self.chunkPrefix = chunkPrefix
    }
  }

  /// The folders, searched in order.
  public var folders: [Folder]

  public init(_ folders: [Folder]) { self.folders = folders }

  /// No folder: `require` loads nothing.
  public static let none = ModuleSearchPath([])
}
