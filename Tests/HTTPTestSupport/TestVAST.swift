/// The inline VAST ad the tests' loopback ad servers answer: ad `ad-1`, creative `cr-1`, its
/// impression and tracking events beacons to `BASE/t/EVENT` (which `beaconEvents` reads back).
public enum TestVAST {
  /// The ad's document. `skipOffset`: the linear's `skipoffset`, and a `skip` tracking event;
  /// `errorURL`: an `<Error>` to `BASE/err?code=[ERRORCODE]`; `clickThrough`: its
  /// `<ClickThrough>`; `mediaFiles`: its progressive MP4 files.
  public static func inline(
    base: String, duration: String, skipOffset: String? = nil, errorURL: Bool = false,
    clickThrough: String? = nil, mediaFiles: [MediaFile]
  ) -> String {
    let events =
      ["start", "firstQuartile", "midpoint", "thirdQuartile", "complete"]
      + (skipOffset == nil ? [] : ["skip"])
    let tracking = events.map { #"<Tracking event="\#($0)"><![CDATA[\#(base)/t/\#($0)]]></Tracking>"# }
    let error = errorURL ? "<Error><![CDATA[\(base)/err?code=[ERRORCODE]]]></Error>" : ""
    let skip = skipOffset.map { #" skipoffset="\#($0)""# } ?? ""
    let clicks = clickThrough.map {
      "<VideoClicks><ClickThrough><![CDATA[\($0)]]></ClickThrough></VideoClicks>"
    }
    return """
      <VAST version="4.1"><Ad id="ad-1"><InLine>
        <AdSystem>Test DSP</AdSystem><AdTitle>Test ad</AdTitle>
        <Impression><![CDATA[\(base)/t/impression]]></Impression>
        \(error)
        <Creatives><Creative id="cr-1"><Linear\(skip)>
          <Duration>\(duration)</Duration>
          <TrackingEvents>
            \(tracking.joined(separator: "\n      "))
          </TrackingEvents>
          \(clicks ?? "")
          <MediaFiles>
            \(mediaFiles.map(\.element).joined(separator: "\n      "))
          </MediaFiles>
        </Linear></Creative></Creatives>
      </InLine></Ad></VAST>
      """
  }
}

extension TestVAST {
  /// A progressive MP4 media file of the ad.
  public struct MediaFile: Sendable {
    public var url: String
    public var width: Int
    public var height: Int
    /// Its `bitrate` attribute (kbit/s), if it has one.
    public var bitrate: Int?

    public init(url: String, width: Int, height: Int, bitrate: Int? = nil) {
      self.url = url
      self.width = width
      self.height = height
      self.bitrate = bitrate
    }

    var element: String {
      let rate = bitrate.map { #" bitrate="\#($0)""# } ?? ""
      let attributes = #"delivery="progressive" type="video/mp4" width="\#(width)" height="\#(height)""#
      return "<MediaFile \(attributes)\(rate)><![CDATA[\(url)]]></MediaFile>"
    }
  }
}

extension TestVAST {
  /// The beacon events among the paths a server received (`/t/EVENT`), in their order
  /// (`impression`, `start`, …).
  public static func beaconEvents(_ paths: [String]) -> [String] {
    paths.filter { $0.hasPrefix("/t/") }.map { String($0.dropFirst(3)) }
  }
}
