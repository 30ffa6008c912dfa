// adhost-gst: the helper process that runs one GStreamer pipeline (playbin3) for adhost
// (docs/embedding.md, "A real engine: GStreamer"). The host writes commands as JSON lines on stdin
// and reads events as JSON lines on stdout; GStreamer's main loop runs here, so a decoder that
// crashes or aborts takes this process down, never the host.
import CGstShim
import Foundation
import HelperLines

let version = String(cString: gs_init())
HelperLines.emit(["event": "ready", "pid": Int(truncatingIfNeeded: getpid()), "version": version])
gs_watch_stdin(&HelperCallbacks.table)
gs_run()
HelperLines.emit(["event": "stopped"])
exit(0)
