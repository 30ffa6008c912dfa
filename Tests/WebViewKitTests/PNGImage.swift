import CZlib
import Foundation

/// A PNG read back for checks: 8-bit RGBA or RGB, not interlaced (what cairo writes).
struct PNGImage {
  let width: Int
  let height: Int
  /// Pixels as RGBA, row by row.
  let pixels: [[UInt8]]

  init(path: String) throws {
    let data = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    guard data.count > 8, data[1] == 0x50, data[2] == 0x4E, data[3] == 0x47 else {
      throw PNGError("not a PNG")
    }
    var offset = 8
    var header: [UInt8] = []
    var compressed: [UInt8] = []
    while offset + 8 <= data.count {
      let length = data[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
      let type = String(decoding: data[offset + 4..<offset + 8], as: UTF8.self)
      let body = Array(data[offset + 8..<offset + 8 + length])
      if type == "IHDR" { header = body }
      if type == "IDAT" { compressed += body }
      offset += 12 + length
    }
    guard header.count == 13 else { throw PNGError("no IHDR") }
    width = header[0..<4].reduce(0) { $0 << 8 | Int($1) }
    height = header[4..<8].reduce(0) { $0 << 8 | Int($1) }
    let channels: Int
    switch (header[8], header[9], header[12]) {
    case (8, 6, 0): channels = 4
    case (8, 2, 0): channels = 3
    default:
      throw PNGError("unsupported PNG: depth \(header[8]), colour type \(header[9]), interlace \(header[12])")
    }
    let stride = width * channels
    var raw = [UInt8](repeating: 0, count: (stride + 1) * height)
    var rawLength = uLongf(raw.count)
    let status = uncompress(&raw, &rawLength, compressed, uLong(compressed.count))
    guard status == Z_OK, Int(rawLength) == raw.count else {
      throw PNGError("bad image data (zlib \(status))")
    }
    var rows: [[UInt8]] = []
    var previous = [UInt8](repeating: 0, count: stride)
    for y in 0..<height {
      let start = y * (stride + 1)
      let filter = raw[start]
      var row = Array(raw[start + 1..<start + 1 + stride])
      for i in 0..<stride {
        let left = i >= channels ? Int(row[i - channels]) : 0
        let up = Int(previous[i])
        let upLeft = i >= channels ? Int(previous[i - channels]) : 0
        let predictor: Int
        switch filter {
        case 0: predictor = 0
        case 1: predictor = left
        case 2: predictor = up
        case 3: predictor = (left + up) / 2
        case 4:
          let p = left + up - upLeft
          let (pa, pb, pc) = (abs(p - left), abs(p - up), abs(p - upLeft))
          predictor = pa <= pb && pa <= pc ? left : (pb <= pc ? up : upLeft)
        default: throw PNGError("bad filter \(filter)")
        }
        row[i] = UInt8(truncatingIfNeeded: Int(row[i]) + predictor)
      }
      previous = row
      if channels == 4 {
        rows.append(row)
      } else {
        var rgba: [UInt8] = []
        for x in 0..<width { rgba += [row[x * 3], row[x * 3 + 1], row[x * 3 + 2], 255] }
        rows.append(rgba)
      }
    }
    pixels = rows
  }

  /// The share of pixels whose RGBA differs from `background`.
  func fractionDiffering(from background: [UInt8]) -> Double {
    var differing = 0
    for row in pixels {
      for x in 0..<width where Array(row[x * 4..<x * 4 + 4]) != background { differing += 1 }
    }
    return Double(differing) / Double(max(1, width * height))
  }
}

struct PNGError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
