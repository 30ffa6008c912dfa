/// The audio and video streams of a TS segment: only the PES headers that start their PES are
/// read, for their timestamps. This runs for every PES start of the segment, so it reads the
/// packet in place, without a slice or a copy; a header it cannot read this way goes through
/// `PESHeader`, which names what is wrong.
extension TSDemux {
  /// One elementary stream the PMT declared: its type and, once a PES with a PTS was read, its
  /// first and last timestamps (ticks, unwrapped).
  struct ElementaryStream {
    let pid: Int
    var type: UInt8
    var timed = false
    var first: Int64 = 0
    var last: Int64 = 0

    /// Takes `pts` as the latest timestamp; the one before it when the two are more than 10 s
    /// apart (B-frames reorder timestamps by a few frames; such a jump is not that).
    mutating func record(_ pts: Int64) -> Int64? {
      guard timed else {
        (timed, first, last) = (true, pts, pts)
        return nil
      }
      defer { last = pts }
      return abs(pts - last) > 10 * 90_000 ? last : nil
    }
  }

  /// Records that the PMT declares `pid` a stream of `type`.
  mutating func declare(_ pid: Int, type: UInt8) {
    let slot = Int(truncatingIfNeeded: slots[pid])
    if slot > 0 {
      streams[slot - 1].type = type
    } else {
      streams.append(ElementaryStream(pid: pid, type: type))
      slots[pid] = UInt16(truncatingIfNeeded: streams.count)
    }
  }

  /// A packet of audio or video stream `pid` that starts a PES (`payload_unit_start_indicator`).
  mutating func mediaPacket(_ buffer: UnsafeBufferPointer<UInt8>, at offset: Int, pid: Int) {
    let end = offset + TSPacket.size
    let control = buffer[offset + 3] >> 4 & 0x3
    var start = offset + 4
    if control & 0x2 != 0 {
      start += 1 + Int(truncatingIfNeeded: buffer[offset + 4])
      guard start <= end else {
        issue(TSPacket.adaptationFieldError(pid: pid, buffer[offset + 4], at: offset + 4))
        return
      }
    }
    guard control & 0x1 != 0, start < end else { return }
    // The usual header: start code, stream_id, PES_packet_length, two flag bytes, the optional
    // fields' length, and those fields (the PTS first) within the packet.
    if end - start >= 9, buffer[start] == 0, buffer[start + 1] == 0, buffer[start + 2] == 1 {
      if PESHeader.lacksOptionalHeader(buffer[start + 3]) { return }
      let headerLength = Int(truncatingIfNeeded: buffer[start + 8])
      let hasPTS = buffer[start + 7] & 0x80 != 0
      if start + 9 + headerLength <= end && (!hasPTS || headerLength >= 5) {
        guard hasPTS else { return }
        var field: UInt64 = 0
        for index in start + 9..<start + 14 { field = field << 8 | UInt64(truncatingIfNeeded: buffer[index]) }
        record(pts: PESHeader.pts(field: field), pid: pid, at: start)
        return
      }
    }
    do { try mediaPES(pid, bytes[start..<end]) } catch { issue(error) }
  }

  /// The PES header at the start of `payload` (a packet of stream `pid` that starts a PES).
  mutating func mediaPES(_ pid: Int, _ payload: ArraySlice<UInt8>) throws(MediaError) {
    let header = try PESHeader(payload)
    guard let raw = header.pts else { return }
    record(pts: raw, pid: pid, at: payload.startIndex)
  }

  /// A PES timestamp of stream `pid`, whose PES starts at `offset`.
  private mutating func record(pts raw: UInt64, pid: Int, at offset: Int) {
    let pts = timestamps.unwrap(raw)
    latest = pts
    // Every stream of kind `.media` was declared, so it has a slot.
    let index = Int(truncatingIfNeeded: slots[pid]) - 1
    guard index >= 0, let last = streams[index].record(pts) else { return }
    issue(MediaError(at: offset, "PID \(pid): the PTS jumps from \(last) to \(pts)"))
  }
}
