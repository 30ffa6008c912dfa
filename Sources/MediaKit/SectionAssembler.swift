/// Gathers the PSI sections (PAT, PMT, SCTE-35) a PID carries across packets (ISO/IEC 13818-1
/// §2.4.4: a `pointer_field` in a packet that starts a unit, sections back to back, 0xFF stuffing).
struct SectionAssembler {
  /// The longest section kept: a private section's 4093-byte `section_length` and its 3-byte head.
  static let maxSection = 4096
  private var buffer: [UInt8] = []
  private var started = false

  /// Adds a packet's payload; returns the sections it completes, or throws when it is malformed
  /// (the section under way is then dropped).
  mutating func add(_ payload: ArraySlice<UInt8>, unitStart: Bool) throws(MediaError) -> [[UInt8]] {
    var data = payload
    var complete: [[UInt8]] = []
    if unitStart {
      guard let pointer = data.first.map({ Int(truncatingIfNeeded: $0) }), pointer < data.count else {
        reset()
        throw MediaError(at: payload.startIndex, "the pointer_field points past the packet")
      }
      data = data.dropFirst()
      if started { buffer += data.prefix(pointer) }
      complete += try drain(at: payload.startIndex)
      buffer = Array(data.dropFirst(pointer))
      started = true
    } else if started {
      buffer += data
    }
    complete += try drain(at: payload.startIndex)
    return complete
  }

  private mutating func reset() {
    buffer = []
    started = false
  }

  /// Takes the whole sections off the buffer's front; stuffing ends the unit.
  private mutating func drain(at offset: Int) throws(MediaError) -> [[UInt8]] {
    var sections: [[UInt8]] = []
    while started, let first = buffer.first {
      if first == 0xFF {
        reset()
        break
      }
      guard buffer.count >= 3 else { break }
      let length = 3 + (Int(truncatingIfNeeded: buffer[1] & 0x0F) << 8 | Int(truncatingIfNeeded: buffer[2]))
      guard buffer.count >= length else {
        guard buffer.count <= Self.maxSection else {
          reset()
          throw MediaError(at: offset, "a section runs past \(Self.maxSection) bytes")
        }
        break
      }
      sections.append(Array(buffer.prefix(length)))
      buffer.removeFirst(length)
    }
    return sections
  }
}
