// adhost-webview: the helper process that hosts one WebKitGTK view for adhost (docs/display.md).
// The host writes commands as JSON lines on stdin and reads events as JSON lines on stdout; the
// engine's main loop runs here, so a page that never finishes or loops in JavaScript never blocks
// the host, which times out and stops or kills this process.
import CWebViewShim
import Foundation
import HelperLines

guard wv_init() != 0 else {
  HelperLines.emit(["event": "error", "message": "no display: set DISPLAY (for example under Xvfb)"])
  exit(69)
}
HelperLines.emit(["event": "ready", "pid": Int(truncatingIfNeeded: getpid())])
wv_watch_stdin(&HelperCallbacks.table)
wv_run()
