/// The JSON of `plugins/uplynk.lua`'s and `plugins/mediatailor.lua`'s services for
/// `StitchedServer`'s ads (docs/uplynk.md, docs/mediatailor.md: the members those plugins read).
extension StitchedServer.Answers {
  static let vastEvents = ["impression", "start", "firstQuartile", "midpoint", "thirdQuartile", "complete"]

  /// Uplynk VOD: a Preplay v2 answer whose `ads.breaks` are the ads, one a break.
  static let uplynk = Self(
    routes: [
      (
        "/preplay/vod-1.json",
        { base, playlist in
          let breaks = StitchedServer.ads.map { ad in
            let events = StitchedServer.Answers.vastEvents.map {
              #""\#($0)": ["\#(StitchedServer.beacon(base, "\(ad.id)/\($0)"))"]"#
            }
            return """
              {"type": "linear", "position": "\(ad.start == 0 ? "preroll" : "midroll")", "timeOffset": \(ad.start),
               "duration": \(ad.duration),
               "events": {"breakStart": ["\(StitchedServer.beacon(base, "\(ad.id)/breakStart"))"],
                          "breakEnd": ["\(StitchedServer.beacon(base, "\(ad.id)/breakEnd"))"]},
               "ads": [{"creative": "\(ad.id)", "mimeType": "uplynk/m3u8", "duration": \(ad.duration),
                        "events": {\(events.joined(separator: ", "))}}]}
              """
          }
          return
            #"{"playURL": "\#(playlist)", "sid": "s-1", "prefix": "\#(base)", "ads": {"breaks": [\#(breaks.joined(separator: ", "))]}}"#
        }
      )
    ],
    source: { base in
      #"{"sources": [{"src": "", "type": "application/x-mpegurl", "ssai": {"integration": "uplynk", "prefix": "\#(base)", "assetIds": ["vod-1"]}}]}"#
    })

  /// MediaTailor VOD with client-side tracking: the session answer and the tracking JSON's
  /// avails, one an ad.
  static let mediaTailor = Self(
    routes: [
      (
        "/v1/session/vod/index.m3u8",
        { _, playlist in #"{"manifestUrl": "\#(playlist)", "trackingUrl": "/v1/tracking/s-1"}"# }
      ),
      (
        "/v1/tracking/s-1",
        { base, _ in
          let avails = StitchedServer.ads.map { ad in
            let offsets = [0, 0, 0.25, 0.5, 0.75, 1].map { ad.start + $0 * ad.duration }
            let events = zip(StitchedServer.Answers.vastEvents, offsets).map { event, time in
              StitchedServer.Answers.trackingEvent(base, ad.id, event, time)
            }
            return """
              {"availId": "\(ad.id)-break", "startTimeInSeconds": \(ad.start), "durationInSeconds": \(ad.duration),
               "adBreakTrackingEvents": [\(StitchedServer.Answers.trackingEvent(base, ad.id, "breakStart", ad.start)),
                                         \(StitchedServer.Answers.trackingEvent(base, ad.id, "breakEnd", ad.start + ad.duration))],
               "ads": [{"adId": "\(ad.id)", "startTimeInSeconds": \(ad.start), "durationInSeconds": \(ad.duration),
                        "trackingEvents": [\(events.joined(separator: ", "))]}]}
              """
          }
          return #"{"avails": [\#(avails.joined(separator: ", "))]}"#
        }
      ),
    ],
    source: { base in
      #"{"sources": [{"src": "\#(base)/v1/session/vod/index.m3u8", "type": "application/x-mpegurl", "ssai": {"integration": "mediatailor"}}]}"#
    })

  fileprivate static func trackingEvent(_ base: String, _ ad: String, _ type: String, _ time: Double)
    -> String
  {
    #"{"eventId": "\#(ad)-\#(type)", "eventType": "\#(type)", "startTimeInSeconds": \#(time), "durationInSeconds": 0, "beaconUrls": ["\#(StitchedServer.beacon(base, "\(ad)/\(type)"))"]}"#
  }
}
