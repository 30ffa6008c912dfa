import SCTE35Kit

/// Reads an `emsg` box's body (ISO/IEC 23009-1 §5.10.3.3), version 0 or 1.
enum EventMessageReader {
  /// The box's fields up to its message data (left in `reader`), which `messageData` does not
  /// hold yet: the caller checks its size first (`EventMessage.maxMessageBytes`).
  static func readFields(_ reader: inout ByteReader, at offset: Int) throws(MediaError) -> EventMessage {
    let version = try reader.u8("emsg's version")
    try reader.skip(3, "emsg's flags")
    // The fields are read into locals and the message built once: filling in a message made
    // empty first copied its strings and arrays around.
    let scheme: String
    let value: String
    let timescale: UInt32
    let presentationTime: UInt64
    let eventDuration: UInt32
    let id: UInt32
    switch version {
    case 0:
      scheme = try string(&reader, "scheme_id_uri", offset)
      value = try string(&reader, "value", offset)
      timescale = try reader.u32("emsg's timescale")
      presentationTime = UInt64(truncatingIfNeeded: try reader.u32("presentation_time_delta"))
      eventDuration = try reader.u32("event_duration")
      id = try reader.u32("emsg's id")
    case 1:
      timescale = try reader.u32("emsg's timescale")
      presentationTime = try reader.u64("presentation_time")
      eventDuration = try reader.u32("event_duration")
      id = try reader.u32("emsg's id")
      scheme = try string(&reader, "scheme_id_uri", offset)
      value = try string(&reader, "value", offset)
    default:
      throw MediaError(at: offset, "emsg version \(version) is not supported (expected 0 or 1)")
    }
    guard timescale > 0 else { throw MediaError(at: offset, "emsg's timescale is 0") }
    return EventMessage(
      version: version, schemeIdUri: scheme, value: value, timescale: timescale,
      presentationTime: presentationTime, eventDuration: eventDuration, id: id,
      messageData: [])
  }

  /// `EventMessage.id3Scheme` and `scte35Scheme` as static text, compared with a box's bytes
  /// in place (the tests decode messages written with the public constants).
  private static var id3SchemeText: StaticString { "https://aomedia.org/emsg/ID3" }
  private static var scte35SchemeText: StaticString { "urn:scte:scte35:2013:bin" }

  /// A null-terminated UTF-8 string; a missing terminator is an error.
  private static func string(_ reader: inout ByteReader, _ field: String, _ offset: Int) throws(MediaError)
    -> String
  {
    let before = reader.position
    let value = reader.nullTerminated()
    guard reader.position > value.endIndex else {
      throw MediaError(at: before, "emsg's \(field) has no terminating 0 byte")
    }
    // The schemes adhost decodes are most messages' scheme: taken as they are, not copied.
    if value.isUTF8(of: id3SchemeText) { return EventMessage.id3Scheme }
    if value.isUTF8(of: scte35SchemeText) { return EventMessage.scte35Scheme }
    // Most messages' value is empty, or a short number.
    if value.isEmpty { return "" }
    return value.utf8Text
  }

  /// A message's data decoded for the ID3 and SCTE-35 schemes; nil for others, an error when it
  /// cannot be read.
  static func decode(scheme: String, _ data: [UInt8]) throws(MediaError) -> EventMessage.Decoded? {
    switch scheme {
    case EventMessage.id3Scheme:
      return .id3(try ID3Reader.read(data[...]))
    case EventMessage.scte35Scheme:
      do { return .scte35(try SCTE35Binary.decode(data)) } catch {
        throw MediaError(at: 0, error.message, kind: error.kind == .malformed ? .malformed : .unsupported)
      }
    default: return nil
    }
  }
}
