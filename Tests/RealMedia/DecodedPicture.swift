import Foundation

/// A picture's pixels (RGB, 8 bits each), decoded by ffmpeg: a PNG the engine wrote, or a frame
/// of the fixture's source pattern, so the test reads the PNG with a decoder other than the
/// engine's encoder.
public struct DecodedPicture {
  /// Its size, in pixels.
  public let width: Int
  public let height: Int
  /// Its samples, RGB, row by row.
  public let rgb: [UInt8]

  /// The PNG at `file`: its size from its header (IHDR), its pixels from ffmpeg; nil when it is
  /// no PNG or ffmpeg cannot decode it to that size.
  public init?(png file: URL) throws {
    let bytes = [UInt8](try Data(contentsOf: file))
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    guard bytes.count > 24, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8)
    else { return nil }
    let word = { (at: Int) in bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
    try self.init(width: word(16), height: word(20), ffmpegInput: ["-i", file.path])
  }

  /// Frame `seconds` of ffmpeg's `testsrc2` pattern at `width`×`height`, 25 fps: what the
  /// fixture's clip was encoded from.
  public init?(testPatternAt seconds: Double, width: Int, height: Int) throws {
    try self.init(
      width: width, height: height,
      ffmpegInput: ["-f", "lavfi", "-i", "testsrc2=size=\(width)x\(height):rate=25", "-ss", "\(seconds)"])
  }

  private init?(width: Int, height: Int, ffmpegInput: [String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments =
      ["ffmpeg", "-v", "error"] + ffmpegInput + [
        "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb24", "-",
      ]
    let output = Pipe()
    process.standardOutput = output
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let pixels = [UInt8](output.fileHandleForReading.readDataToEndOfFile())
    process.waitUntilExit()
    guard process.terminationStatus == 0, width > 0, height > 0, pixels.count == width * height * 3 else {
      return nil
    }
    self.width = width
    self.height = height
    rgb = pixels
  }

  /// The variance of the samples: 0 for a blank (single-colour) picture.
  public var variance: Double {
    let mean = rgb.reduce(0.0) { $0 + Double($1) } / Double(rgb.count)
    return rgb.reduce(0.0) { $0 + (Double($1) - mean) * (Double($1) - mean) } / Double(rgb.count)
  }

  /// The mean absolute difference of the samples of two pictures of one size.
  public func difference(from other: DecodedPicture) -> Double {
    zip(rgb, other.rgb).reduce(0.0) { $0 + abs(Double($1.0) - Double($1.1)) } / Double(rgb.count)
  }
}
