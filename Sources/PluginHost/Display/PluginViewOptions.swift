import WebViewKit

/// What a plugin's WebKit views may do, as the command line set it.
public struct PluginViewOptions: Sendable {
  /// Where `view:screenshot(NAME.png)` writes (`--screenshots DIR`); nil refuses every plugin
  /// screenshot.
  public var screenshots: ScreenshotFolder?
  /// The memory the web process of each view may use, in MiB (`--webview-memory`).
  public var webProcessMemoryMB = WebView.Configuration.defaultWebProcessMemoryMB

  /// No screenshots, the default memory limit.
  public init() {}
}
