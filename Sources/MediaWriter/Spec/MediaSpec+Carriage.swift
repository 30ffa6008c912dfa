import OutsideText

extension MediaSpec {
  /// How an ID3 tag or an SCTE-35 splice is carried in a CMAF segment's `emsg` box (the `"emsg"`
  /// member of an `id3` or `scte35` entry): packagers differ in the box's version, timescale, id
  /// and scheme, and a reader must take each of them.
  public struct EmsgCarriage: Sendable, Equatable {
    /// 0: `presentation_time_delta` from the segment's start; 1: `presentation_time`.
    public var version: UInt8 = 1
    /// Ticks per second of the box's times.
    public var timescale: UInt32 = 90_000
    /// The box's `id`; nil: the tag's position in `id3` (from 1) or the splice's event id.
    public var id: UInt32?
    /// `scheme_id_uri`; nil: the carrier's (`https://aomedia.org/emsg/ID3`,
    /// `urn:scte:scte35:2013:bin`).
    public var scheme: String?
    /// `value`.
    public var value: String = ""

    /// The defaults: version 1, 90 kHz, the carrier's id and scheme, an empty value.
    public init() {}
  }

  /// The `"emsg"` member of the entry `reader` reads (nil when absent), its times checked to be
  /// whole ticks of its timescale.
  static func readCarriage(_ reader: SpecReader, time: Double, duration: Double?) throws(JSONPathError)
    -> EmsgCarriage?
  {
    guard let value = reader.json.value("emsg") else { return nil }
    let box = try SpecReader(value, path: reader.json.path("emsg"), duration: nil)
    try box.json.refuseUnknownMembers(except: ["version", "timescale", "id", "scheme", "value"])
    var carriage = EmsgCarriage()
    carriage.version = UInt8(truncatingIfNeeded: try box.json.integer("version", from: 0, to: 1) ?? 1)
    carriage.timescale = try box.u32("timescale", minimum: 1) ?? 90_000
    carriage.id = try box.u32("id")
    carriage.scheme = try box.json.string("scheme")
    carriage.value = try box.json.string("value") ?? ""
    for seconds in [time] + (duration.map { [$0] } ?? [])
    where EventMessageTiming.ticks(seconds, carriage.timescale) == nil {
      throw box.error(
        "timescale", "\(seconds) s is not a whole number of ticks of timescale \(carriage.timescale)")
    }
    return carriage
  }
}
