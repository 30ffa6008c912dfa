import HardenedXML

extension MPDList {
  /// An Event of a List MPD Period's `EventStream` (SVTA creative signaling rides there, one
  /// stream per ad): its scheme, where in the Period it is, its text, and its element path.
  public struct Event: Equatable, Sendable {
    public var schemeIdUri: String
    /// Seconds into the Period: (`presentationTime` − `presentationTimeOffset`) / `timescale`.
    public var offset: Double
    /// The Event's text (its message data).
    public var text: String
    /// `MPD/Period[1]/EventStream[1]/Event[1]`.
    public var path: String
  }

  /// The Events of `period`'s `EventStream`s; an Event whose times cannot be read is placed at 0
  /// (its stream's attributes are the player's business, not the list's).
  static func events(of period: XMLElement, path: String) -> [Event] {
    var events: [Event] = []
    for (streamIndex, stream) in period.children("EventStream").enumerated() {
      let scheme = stream.attribute("schemeIdUri") ?? ""
      let timescale =
        stream.attribute("timescale").flatMap(UInt64.init).flatMap { $0 > 0 ? Double($0) : nil } ?? 1
      let timeOffset = stream.attribute("presentationTimeOffset").flatMap(UInt64.init).map { Double($0) } ?? 0
      for (eventIndex, event) in stream.children("Event").enumerated() {
        let time = event.attribute("presentationTime").flatMap(UInt64.init).map { Double($0) } ?? 0
        events.append(
          Event(
            schemeIdUri: scheme, offset: max(0, time - timeOffset) / timescale, text: event.text,
            path: "\(path)/EventStream[\(streamIndex + 1)]/Event[\(eventIndex + 1)]"))
      }
    }
    return events
  }
}
