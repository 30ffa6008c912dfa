import SCTE35Kit

/// Reads an `emsg` box's body (ISO/IEC 23009-1 §5.10.3.3), version 0 or 1.
enum EventMessageReader {
  static func read(_ reader: inout ByteReader, at offset: Int) throws(MediaError) -> EventMessage {
    let version = try reader.u8("emsg's version")
    try reader.skip(3, "emsg's flags")
    var message = EventMessage(
      version: version, schemeIdUri: "", value: "", timescale: 0, presentationTime: 0, eventDuration: 0,
      id: 0,
      messageData: [])
    switch version {
    case 0:
      message.schemeIdUri = try string(&reader, "scheme_id_uri", offset)
      message.value = try string(&reader, "value", offset)
      message.timescale = try reader.u32("emsg's timescale")
      message.presentationTime = UInt64(truncatingIfNeeded: try reader.u32("presentation_time_delta"))
      message.eventDuration = try reader.u32("event_duration")
      message.id = try reader.u32("emsg's id")
    case 1:
      message.timescale = try reader.u32("emsg's timescale")
      message.presentationTime = try reader.u64("presentation_time")
      message.eventDuration = try reader.u32("event_duration")
      message.id = try reader.u32("emsg's id")
      message.schemeIdUri = try string(&reader, "scheme_id_uri", offset)
      message.value = try string(&reader, "value", offset)
    default:
      throw MediaError(at: offset, "emsg version \(version) is not supported (expected 0 or 1)")
    }
    guard message.timescale > 0 else { throw MediaError(at: offset, "emsg's timescale is 0") }
    message.messageData = Array(reader.rest())
    return message
  }

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
    if value.isUTF8(of: EventMessage.id3Scheme) { return EventMessage.id3Scheme }
    if value.isUTF8(of: EventMessage.scte35Scheme) { return EventMessage.scte35Scheme }
    return value.utf8Text
  }

  /// The message decoded for the ID3 and SCTE-35 schemes; nil for others, an error when it
  /// cannot be read.
  static func decode(_ message: EventMessage) throws(MediaError) -> EventMessage.Decoded? {
    switch message.schemeIdUri {
    case EventMessage.id3Scheme:
      return .id3(try ID3Reader.read(message.messageData[...]))
    case EventMessage.scte35Scheme:
      do { return .scte35(try SCTE35Binary.decode(message.messageData)) } catch {
        throw MediaError(at: 0, error.message)
      }
    default: return nil
    }
  }
}
