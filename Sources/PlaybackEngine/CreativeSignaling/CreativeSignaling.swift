import CheckedNumbers
import OutsideText
import PlayerSeam

/// SVTA2053-2 ad creative signaling: the per-creative JSON an HLS asset list carries in an
/// asset's `X-AD-CREATIVE-SIGNALING`, or a DASH `EventStream` of scheme
/// `urn:svta:advertising-wg:ad-creative-signaling` in an Event's text. The envelope
/// (`{"version": 2, "type": "slot", "payload": [slot, …]}`) holds slots, each a creative: where
/// it starts in the ad and for how long, its identifiers, its tracking (`impression`,
/// `firstQuartile`, `progress`, … each with URLs and an optional `offset` in seconds), its skip
/// offset and click-through. A `"pod"` envelope's payload holds pods whose `slots` are read.
public struct CreativeSignaling: Equatable, Sendable {
  /// The DASH `EventStream@schemeIdUri` that carries it.
  public static let scheme = "urn:svta:advertising-wg:ad-creative-signaling"
  /// The HLS asset-list member that carries it.
  public static let assetMember = "X-AD-CREATIVE-SIGNALING"

  /// One creative.
  public struct Slot: Equatable, Sendable {
    /// Seconds into the ad where the creative starts.
    public var start = 0.0
    public var duration: Double
    /// `(scheme, value)` pairs: an Ad-ID, a UUID, …
    public var identifiers: [(scheme: String, value: String)] = []
    public var tracking: [Tracking] = []
    public var skipOffset: Double?
    public var clickThrough: String?

    public static func == (lhs: Slot, rhs: Slot) -> Bool {
      lhs.start == rhs.start && lhs.duration == rhs.duration && lhs.tracking == rhs.tracking
        && lhs.skipOffset == rhs.skipOffset && lhs.clickThrough == rhs.clickThrough
        && lhs.identifiers.map { [$0.scheme, $0.value] } == rhs.identifiers.map { [$0.scheme, $0.value] }
    }
  }

  /// A tracking event: its type (VAST's names), an offset in seconds into its slot (else the
  /// type says when), and the URLs to send.
  public struct Tracking: Equatable, Sendable {
    public var type: String
    public var offset: Double?
    public var urls: [String]
  }

  /// The creatives, in order.
  public var slots: [Slot]

  /// Reads an envelope at `path` (a JSON path, with the URL before it in the messages of the
  /// callers). Throws the first problem with its JSON path.
  public init(_ value: JSONValue, path: String) throws(JSONPathError) {
    let envelope = try JSONReader(value, path: path)
    if let version = try envelope.number("version"), version != 2 {
      throw JSONPathError(
        path: envelope.path("version"), expectation: "expected 2 (SVTA2053-2), found \(Self.text(version))")
    }
    let type = try envelope.string("type") ?? "slot"
    guard type == "slot" || type == "pod" else {
      throw JSONPathError(
        path: envelope.path("type"), expectation: "expected \"slot\" or \"pod\", found \"\(type)\"")
    }
    guard let payload = envelope.value("payload") else {
      throw JSONPathError(path: envelope.path("payload"), expectation: "expected a list of \(type)s")
    }
    var slots: [Slot] = []
    for (index, element) in try Self.list(payload, envelope.path("payload")).enumerated() {
      let elementPath = "\(envelope.path("payload"))[\(index)]"
      if type == "slot" {
        slots.append(try Self.slot(element, path: elementPath))
        continue
      }
      let pod = try JSONReader(element, path: elementPath)
      let podStart = try Self.seconds(pod, "start") ?? 0
      for (slotIndex, slotValue) in try Self.list(pod.value("slots") ?? .array([]), pod.path("slots"))
        .enumerated()
      {
        var slot = try Self.slot(slotValue, path: "\(pod.path("slots"))[\(slotIndex)]")
        slot.start += podStart
        slots.append(slot)
      }
    }
    self.slots = slots
  }

  /// The identifiers, skip offset and click-through of the first slot, where `adInit` leaves
  /// them out (and the duration, the slots' end).
  public func fill(_ adInit: inout AdInit) {
    guard let first = slots.first else { return }
    adInit.duration = adInit.duration ?? slots.map { $0.start + $0.duration }.max()
    adInit.skipOffset = adInit.skipOffset ?? first.skipOffset
    adInit.clickThrough = adInit.clickThrough ?? first.clickThrough
    if adInit.universalAdIds == nil, !first.identifiers.isEmpty {
      adInit.universalAdIds = first.identifiers.map {
        UniversalAdId(adIdRegistry: $0.scheme, adIdValue: $0.value)
      }
    }
  }

  static func slot(_ value: JSONValue, path: String) throws(JSONPathError) -> Slot {
    let reader = try JSONReader(value, path: path)
    guard let duration = try seconds(reader, "duration") else {
      throw JSONPathError(path: reader.path("duration"), expectation: "expected a number of seconds ≥ 0")
    }
    var slot = Slot(duration: duration)
    slot.start = try seconds(reader, "start") ?? 0
    slot.skipOffset = try seconds(reader, "skipOffset")
    slot.clickThrough = try reader.string("clickThrough")
    for (index, element) in try list(reader.value("identifiers") ?? .array([]), reader.path("identifiers"))
      .enumerated()
    {
      let identifier = try JSONReader(element, path: "\(reader.path("identifiers"))[\(index)]")
      slot.identifiers.append(
        (try identifier.requiredString("scheme"), try identifier.requiredString("value")))
    }
    for (index, element) in try list(reader.value("tracking") ?? .array([]), reader.path("tracking"))
      .enumerated()
    {
      let tracking = try JSONReader(element, path: "\(reader.path("tracking"))[\(index)]")
      var urls: [String] = []
      for (urlIndex, url) in try list(tracking.value("urls") ?? .array([]), tracking.path("urls"))
        .enumerated()
      {
        guard let text = url.stringValue, !text.isEmpty else {
          throw JSONPathError(
            path: "\(tracking.path("urls"))[\(urlIndex)]",
            expectation: "expected a URL, found \(url.kindDescription)")
        }
        urls.append(text)
      }
      slot.tracking.append(
        Tracking(
          type: try tracking.requiredString("type"), offset: try seconds(tracking, "offset"), urls: urls))
    }
    return slot
  }

  private static func list(_ value: JSONValue, _ path: String) throws(JSONPathError) -> [JSONValue] {
    guard let elements = value.arrayValue else {
      throw JSONPathError(path: path, expectation: "expected a list, found \(value.kindDescription)")
    }
    return elements
  }

  private static func seconds(_ reader: JSONReader, _ key: String) throws(JSONPathError) -> Double? {
    guard let number = try reader.number(key) else { return nil }
    guard number.isFinite, number >= 0, number <= 604_800 else {
      throw JSONPathError(
        path: reader.path(key),
        expectation: "expected a number of seconds from 0 to 604800, found \(text(number))")
    }
    return number
  }

  private static func text(_ number: Double) -> String { CheckedNumbers.describe(number) }
}
