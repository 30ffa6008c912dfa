import Foundation
import MediaKit
import PlayerSeam
import SCTE35Kit

/// The cues of a segment's timed metadata, at content times (docs/plugin-api.md "In-band cues"):
/// one per ID3 frame (kind `id3`), per `emsg` box (kind `emsg`), per SCTE-35 section in a
/// transport stream (kind `scte35`, the fields of DASH's SCTE-35 cues). Their ids are
/// `<kind>-<media sequence number>-<n>` (n counts the segment's items from 1), so a segment loaded
/// again (after a seek back) brings the same cues, not new ones.
public enum InbandCues {
  /// The cues of `items` of segment `sequence`, each at its media time plus `offset` (content
  /// time − media time in this timestamp domain).
  public static func cues(_ items: [TimedMetadata], sequence: Int, offset: Double) -> [Cue] {
    var cues: [Cue] = []
    var number = 0
    for item in items {
      let start = item.time + offset
      switch item.payload {
      case .id3(let frame):
        number += 1
        cues.append(
          Cue(
            id: "id3-\(sequence)-\(number)", startTime: start, endTime: start, kind: "id3",
            attributes: JSONObject(frameFields(frame))))
      case .emsg(let message):
        number += 1
        let end = item.duration.map { start + $0 } ?? start
        cues.append(
          Cue(
            id: "emsg-\(sequence)-\(number)", startTime: start, endTime: end, cueClass: message.schemeIdUri,
            kind: "emsg", attributes: JSONObject(emsgFields(message))))
      case .scte35(let signal):
        number += 1
        cues.append(scte35Cue(signal, id: "scte35-\(sequence)-\(number)", start: start))
      }
    }
    return cues
  }

  /// The cue of a SCTE-35 `splice_info_section` at `start` (content seconds): kind `scte35`,
  /// class `urn:scte:scte35:2013:bin`, the fields of DASH's SCTE-35 cues, lasting the break
  /// duration, else the segmentation duration, else a point. A real engine's player makes its
  /// splices' cues with it (the section as tsdemux forwarded it); a section SCTE35Kit cannot
  /// decode throws its reason.
  public static func scte35Cue(section: [UInt8], id: String, start: Double) throws(SCTE35Error) -> Cue {
    scte35Cue(try SCTE35Binary.decode(section), id: id, start: start)
  }

  static func scte35Cue(_ signal: SCTE35Signal, id: String, start: Double) -> Cue {
    let length = signal.breakDurationSeconds ?? signal.segmentations.first?.seconds ?? 0
    return Cue(
      id: id, startTime: start, endTime: start + length, cueClass: EventMessage.scte35Scheme, kind: "scte35",
      attributes: JSONObject(MPDCues.scte35Fields(signal)))
  }

  /// An ID3 frame as THEOplayer's ID3 cues give it: `id`, then its fields.
  static func frameFields(_ frame: ID3Frame) -> [(key: String, value: JSONValue)] {
    var fields: [(key: String, value: JSONValue)] = [("id", .string(frame.id))]
    switch frame.content {
    case .text(let values):
      fields.append(("text", .string(values.first ?? "")))
      if values.count > 1 { fields.append(("values", .array(values.map(JSONValue.string)))) }
    case .userText(let description, let text):
      fields += [("description", .string(description)), ("text", .string(text))]
    case .url(let url): fields.append(("url", .string(url)))
    case .userURL(let description, let url):
      fields += [("description", .string(description)), ("url", .string(url))]
    case .priv(let owner, let data): fields += [("owner", .string(owner)), ("data", .string(hex(data)))]
    case .object(let mimeType, let filename, let description, let data):
      fields += [
        ("mimeType", .string(mimeType)), ("filename", .string(filename)),
        ("description", .string(description)),
        ("data", .string(hex(data))),
      ]
    case .binary(let data): fields.append(("data", .string(hex(data))))
    }
    return fields
  }

  /// An `emsg` box's fields, then its decoded message: an ID3 tag's `frames`, or the SCTE-35
  /// fields.
  static func emsgFields(_ message: EventMessage) -> [(key: String, value: JSONValue)] {
    var fields: [(key: String, value: JSONValue)] = [
      ("schemeIdUri", .string(message.schemeIdUri)), ("value", .string(message.value)),
      ("id", .number(Double(message.id))), ("version", .number(Double(message.version))),
      ("timescale", .number(Double(message.timescale))),
      ("presentationTime", .number(Double(message.presentationTime))),
    ]
    if message.eventDuration != 0xFFFF_FFFF {
      fields.append(("eventDuration", .number(Double(message.eventDuration))))
    }
    fields.append(("messageData", .string(hex(message.messageData))))
    switch message.decoded {
    case .id3(let tag):
      fields.append(("frames", .array(tag.frames.map { .object(JSONObject(frameFields($0))) })))
    case .scte35(let signal): fields += MPDCues.scte35Fields(signal)
    case nil: break
    }
    return fields
  }

  /// Bytes as lower-case hexadecimal text (JSON and Lua strings of the log stay printable).
  static func hex(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(bytes.count * 2)
    for byte in bytes {
      text.append(digits[Int(truncatingIfNeeded: byte >> 4)])
      text.append(digits[Int(truncatingIfNeeded: byte & 0xF)])
    }
    return String(decoding: text, as: UTF8.self)
  }
}
