/// The options of `adhost vast`, declared once: the parser, `--help` and the messages derive
/// from these.
extension VASTCommand {
  static let resolve = CommandOption(
    "--resolve",
    help: """
      follow wrapper chains (VASTAdTagURI) and merge them into the InLine ads;
      relative URIs resolve against the document's location
      """)
  static let json = CommandOption(
    "--json",
    help: "print the report as JSON instead of text")
  static let allowHTTP = CommandOption(
    "--allow-http",
    help: """
      allow plain http:// to any host (like iOS NSAllowsArbitraryLoads);
      without it only https and loopback http are fetched
      """)
  static let timeout = CommandOption(
    "--timeout", value: "S",
    help: """
      seconds per request (default 5); the whole resolution may take
      the larger of 10 s and twice this
      """)
  static let maxDepth = CommandOption(
    "--max-depth", value: "N",
    help: "wrappers followed at most (default 5); more is error 302")
  static let width = CommandOption(
    "--width", value: "W",
    help: "player width in pixels for media selection (default 1280)")
  static let height = CommandOption(
    "--height", value: "H",
    help: "player height in pixels (default 720)")
  static let maxBitrate = CommandOption(
    "--max-bitrate", value: "KBPS",
    help: "highest media bitrate to choose")
  static let fireErrors = CommandOption(
    "--fire-errors",
    help: """
      send the Error URLs of failed chains (off by default: inspecting
      a tag should not report errors to ad servers)
      """)

  /// The options, in `--help` order, the texts from column 23.
  public static let options = OptionList(
    [
      resolve, json, allowHTTP, timeout, maxDepth, width, height, maxBitrate, fireErrors,
      .help.helping("this text"),
    ],
    column: 23)
}
