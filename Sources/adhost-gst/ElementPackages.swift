/// The GStreamer elements a source needs, and the Debian package of each, so that a missing one
/// is an error that names what to install.
enum ElementPackages {
  /// The Debian (12) package that ships each element adhost-gst may need.
  static let package: [String: String] = [
    "playbin3": "gstreamer1.0-plugins-base", "fakesink": "libgstreamer1.0-0",
    "hlsdemux2": "gstreamer1.0-plugins-good", "dashdemux2": "gstreamer1.0-plugins-good",
    "qtdemux": "gstreamer1.0-plugins-good", "souphttpsrc": "gstreamer1.0-plugins-good",
    "tsdemux": "gstreamer1.0-plugins-bad", "avdec_h264": "gstreamer1.0-libav",
    "avdec_aac": "gstreamer1.0-libav", "autovideosink": "gstreamer1.0-plugins-good",
    "autoaudiosink": "gstreamer1.0-plugins-good",
  ]

  /// What playing `uri` needs: the pipeline and sinks, the HTTP source, the adaptive demuxer of
  /// an HLS (`.m3u8`) or DASH (`.mpd`) URI and what it carries, the decoders.
  static func needed(for uri: String, show: Bool) -> [String] {
    var elements = ["playbin3", show ? "autovideosink" : "fakesink", "avdec_h264", "avdec_aac"]
    let path = uri.split(separator: "?", maxSplits: 1).first.map(String.init)?.lowercased() ?? ""
    if uri.lowercased().hasPrefix("http") { elements.append("souphttpsrc") }
    if path.hasSuffix(".m3u8") { elements += ["hlsdemux2", "tsdemux", "qtdemux"] }
    if path.hasSuffix(".mpd") { elements += ["dashdemux2", "qtdemux"] }
    return elements
  }

  /// The message for a missing element.
  static func missing(_ element: String) -> String {
    guard let package = package[element] else {
      return "the GStreamer element \(element) is missing (no plugin provides it here)"
    }
    return "the GStreamer element \(element) is missing: install the Debian package \(package)"
  }
}
