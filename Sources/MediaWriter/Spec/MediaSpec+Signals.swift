import OutsideText

extension MediaSpec {
  static func readID3(_ reader: SpecReader) throws(JSONPathError) -> TimedID3 {
    try reader.json.refuseUnknownMembers(except: ["time", "frames", "version", "emsg"])
    let time = try reader.time()
    let frames = try reader.list("frames", readID3Frame)
    guard !frames.isEmpty else { throw reader.error("frames", "expected at least one frame") }
    let version = try reader.json.integer("version", from: 3, to: 4) ?? 4
    return TimedID3(
      time: time, frames: frames, version: UInt8(truncatingIfNeeded: version),
      emsg: try readCarriage(reader, time: time, duration: nil))
  }

  static func readID3Frame(_ reader: SpecReader) throws(JSONPathError) -> ID3FrameSpec {
    let id = try reader.json.requiredString("id")
    let frame: ID3FrameSpec
    let size: Int
    switch id {
    case "TXXX":
      try reader.json.refuseUnknownMembers(except: ["id", "description", "text"])
      let description = try reader.json.string("description") ?? ""
      let text = try reader.json.requiredString("text")
      frame = .userText(description: description, text: text)
      size = description.utf8.count + text.utf8.count + 2
    case "PRIV":
      try reader.json.refuseUnknownMembers(except: ["id", "owner", "data"])
      let owner = try reader.json.requiredString("owner")
      let data = try reader.hex("data")
      frame = .priv(owner: owner, data: data)
      size = owner.utf8.count + 1 + data.count
    default:
      let isText =
        id.utf8.count == 4 && (id.hasPrefix("T") || id.hasPrefix("Y"))
        && id.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) }
      guard isText else {
        throw reader.error(
          "id", "expected TXXX, PRIV or a text frame's id (T… or Y…, 4 capitals or digits), found \"\(id)\"")
      }
      try reader.json.refuseUnknownMembers(except: ["id", "text"])
      let text = try reader.json.requiredString("text")
      frame = .text(id: id, text: text)
      size = text.utf8.count + 1
    }
    guard size <= maxID3FrameBytes else {
      throw JSONPathError(
        path: reader.json.path,
        expectation: "the \(id) frame is \(size) bytes, over the cap of \(maxID3FrameBytes)")
    }
    return frame
  }

  static func readEventMessage(_ reader: SpecReader) throws(JSONPathError) -> EventMessage {
    try reader.json.refuseUnknownMembers(
      except: ["time", "duration", "scheme", "value", "id", "data", "version", "timescale"])
    let time = try reader.time()
    let version = try reader.json.integer("version", from: 0, to: 1) ?? 1
    let timescale = try reader.u32("timescale", minimum: 1) ?? 1000
    let data = try reader.json.requiredString("data")
    let bytes: [UInt8]
    if data.hasPrefix("0x") || data.hasPrefix("0X") {
      bytes = try reader.hex("data")
    } else {
      bytes = Array(data.utf8)
    }
    guard bytes.count <= maxID3FrameBytes else {
      throw reader.error("data", "\(bytes.count) bytes, over the cap of \(maxID3FrameBytes)")
    }
    let message = EventMessage(
      time: time, duration: try reader.seconds("duration"), scheme: try reader.json.requiredString("scheme"),
      value: try reader.json.string("value") ?? "", id: try reader.u32("id", required: true) ?? 0,
      data: bytes,
      version: UInt8(truncatingIfNeeded: version), timescale: timescale)
    guard EventMessageTiming.ticks(time, timescale) != nil else {
      throw reader.error("time", "\(time) s is not a whole number of ticks of timescale \(timescale)")
    }
    if let duration = message.duration,
      EventMessageTiming.ticks(duration, timescale).map({ $0 < 0xFFFF_FFFF }) != true
    {
      throw reader.error(
        "duration", "\(duration) s is not a whole number of ticks of timescale \(timescale) below 2^32 - 1")
    }
    return message
  }

  static func readSplice(_ reader: SpecReader) throws(JSONPathError) -> Splice {
    try reader.json.refuseUnknownMembers(except: ["time", "command", "eventId", "duration", "out", "emsg"])
    let time = try reader.time()
    let name = try reader.json.requiredString("command")
    guard let command = Splice.Command(rawValue: name) else {
      throw reader.error("command", "expected splice_insert or time_signal, found \"\(name)\"")
    }
    let duration = try reader.seconds("duration", above: 0)
    return Splice(
      time: time, command: command, eventId: try reader.u32("eventId", required: true) ?? 0,
      duration: duration, out: try reader.bool("out") ?? true,
      emsg: try readCarriage(reader, time: time, duration: duration))
  }

  static func readDateRange(_ reader: SpecReader) throws(JSONPathError) -> DateRange {
    try reader.json.refuseUnknownMembers(except: ["id", "time", "duration", "class", "scte35", "eventId"])
    var scte35Out: Bool?
    if let marker = try reader.json.string("scte35") {
      guard marker == "out" || marker == "in" else {
        throw reader.error("scte35", "expected \"out\" or \"in\", found \"\(marker)\"")
      }
      scte35Out = marker == "out"
    }
    return DateRange(
      id: try reader.json.requiredString("id"), time: try reader.time(),
      duration: try reader.seconds("duration"),
      className: try reader.json.string("class"), scte35Out: scte35Out,
      eventId: try reader.u32("eventId") ?? 1)
  }

  /// Each signal must have a carrier in the format: `emsg` boxes need CMAF, SCTE-35 needs TS or
  /// CMAF, date ranges need an HLS playlist.
  func checkCarriers(_ reader: SpecReader) throws(JSONPathError) {
    if !format.isCMAF {
      for (key, carried) in [("id3", id3.map { $0.emsg != nil }), ("scte35", scte35.map { $0.emsg != nil })] {
        if let index = carried.firstIndex(of: true) {
          throw JSONPathError(
            path: elementPath(reader.json.path(key), index) + ".emsg",
            expectation:
              "an emsg carriage needs CMAF segments (format hls-cmaf or dash), not \(format.rawValue)")
        }
      }
    }
    if !emsg.isEmpty && !format.isCMAF {
      throw reader.error(
        "emsg", "emsg boxes need CMAF segments (format hls-cmaf or dash), not \(format.rawValue)")
    }
    if !scte35.isEmpty && format == .hlsPackedAudio {
      throw reader.error("scte35", "packed audio has no SCTE-35 carrier (use hls-ts, hls-cmaf or dash)")
    }
    if !dateranges.isEmpty && !format.isHLS {
      throw reader.error("dateranges", "EXT-X-DATERANGE is HLS only, not dash")
    }
    if case .clip = payload, format == .hlsPackedAudio {
      throw reader.error(
        "payload", "a clip has video: it is cut into hls-ts, hls-cmaf or dash, not hls-packed-audio")
    }
  }
}

/// An `emsg`'s times in ticks of its timescale.
enum EventMessageTiming {
  /// `seconds` × `timescale`, when that is a whole number (to a microsecond's rounding).
  static func ticks(_ seconds: Double, _ timescale: UInt32) -> UInt64? {
    let exact = seconds * Double(timescale)
    let whole = exact.rounded()
    guard abs(exact - whole) < 1e-6 * Double(timescale) else { return nil }
    return UInt64.checked(whole)
  }
}
