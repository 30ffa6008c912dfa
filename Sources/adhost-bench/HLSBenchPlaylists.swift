import CheckedNumbers
import Foundation

/// The playlists `adhost-bench hls` reads: a 24 h live media playlist as an SSAI origin writes
/// it, a VOD media playlist with an init section, and a multivariant playlist.
enum HLSBenchPlaylists {
  /// 24 hours of 6 s segments, each with `#EXT-X-PROGRAM-DATE-TIME`; every 10 minutes a 60 s
  /// break opened by an `#EXT-X-DATERANGE` with `SCTE35-OUT` and `PLANNED-DURATION` and closed by
  /// one with the same ID, `DURATION` and `SCTE35-IN` (RFC 8216 §4.4.5.1.1), each break between
  /// `#EXT-X-DISCONTINUITY`s.
  static func live24h() -> String {
    let segmentSeconds = 6
    let segments = 24 * 3600 / segmentSeconds
    let breakEvery = 600 / segmentSeconds
    let breakSegments = 60 / segmentSeconds
    let start = 1_795_910_400  // 2026-11-29T00:00:00Z
    var out = "#EXTM3U\n#EXT-X-VERSION:6\n#EXT-X-TARGETDURATION:6\n#EXT-X-MEDIA-SEQUENCE:1000\n"
    out += "#EXT-X-INDEPENDENT-SEGMENTS\n"
    for index in 0..<segments {
      let seconds = start + index * segmentSeconds
      let inBreak = index % breakEvery
      if inBreak == 0 && index > 0 {
        let id = index / breakEvery
        out += "#EXT-X-DISCONTINUITY\n"
        out += "#EXT-X-DATERANGE:ID=\"splice-\(id)\",START-DATE=\"\(date(seconds))\",PLANNED-DURATION=60.000,"
        out += "SCTE35-OUT=0xFC302500000000000000FFF014050000\(hex(id))7FEFFE0052650CFE005265C0000101010000\n"
      } else if inBreak == breakSegments && index > breakEvery {
        let id = index / breakEvery
        let opened = seconds - breakSegments * segmentSeconds
        out += "#EXT-X-DISCONTINUITY\n"
        out += "#EXT-X-DATERANGE:ID=\"splice-\(id)\",START-DATE=\"\(date(opened))\",DURATION=60.000,"
        out += "SCTE35-IN=0xFC302000000000000000FFF00F050000\(hex(id))7F4FFE0058D9C0000101010000\n"
      }
      out += "#EXT-X-PROGRAM-DATE-TIME:\(date(seconds))\n"
      out += "#EXTINF:6.000,\n"
      out += (inBreak < breakSegments && index >= breakEvery ? "ad" : "live") + "/seg-\(1000 + index).ts\n"
    }
    return out
  }

  /// A 10-minute VOD rendition of fMP4 segments with an init section and byte ranges.
  static func vod() -> String {
    var out = "#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-TARGETDURATION:4\n#EXT-X-PLAYLIST-TYPE:VOD\n"
    out += "#EXT-X-MAP:URI=\"init.mp4\",BYTERANGE=\"1024@0\"\n"
    var offset = 1024
    for index in 0..<150 {
      let length = 400_000 + index * 13
      out += "#EXTINF:4.004,\n#EXT-X-BYTERANGE:\(length)@\(offset)\nmain.mp4\n"
      offset += length
    }
    return out + "#EXT-X-ENDLIST\n"
  }

  /// A multivariant playlist: audio and subtitle renditions, eight video variants.
  static func master() -> String {
    var out = "#EXTM3U\n#EXT-X-VERSION:6\n#EXT-X-INDEPENDENT-SEGMENTS\n"
    for (language, name) in [("en", "English"), ("fr", "Français"), ("de", "Deutsch")] {
      out += "#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID=\"aac\",LANGUAGE=\"\(language)\",NAME=\"\(name)\","
      out +=
        "AUTOSELECT=YES,DEFAULT=\(language == "en" ? "YES" : "NO"),CHANNELS=\"2\",URI=\"audio/\(language).m3u8\"\n"
      out += "#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID=\"subs\",LANGUAGE=\"\(language)\",NAME=\"\(name)\","
      out += "AUTOSELECT=YES,FORCED=NO,URI=\"subs/\(language).m3u8\"\n"
    }
    let ladder = [
      (416, 234, 365_000), (640, 360, 730_000), (768, 432, 1_100_000), (960, 540, 2_000_000),
      (1280, 720, 3_000_000), (1280, 720, 4_500_000), (1920, 1080, 6_000_000), (1920, 1080, 7_800_000),
    ]
    for (width, height, bandwidth) in ladder {
      out += "#EXT-X-STREAM-INF:BANDWIDTH=\(bandwidth),AVERAGE-BANDWIDTH=\(bandwidth * 9 / 10),"
      out += "CODECS=\"avc1.64001f,mp4a.40.2\",RESOLUTION=\(width)x\(height),FRAME-RATE=29.970,"
      out += "AUDIO=\"aac\",SUBTITLES=\"subs\",CLOSED-CAPTIONS=NONE\n"
      out += "video/\(height)p-\(bandwidth / 1000)k.m3u8\n"
    }
    return out
  }

  /// `2026-11-29T00:00:06.000Z` for seconds since 1970.
  static func date(_ seconds: Int) -> String {
    let days = seconds / 86_400
    let rest = seconds % 86_400
    let (year, month, day) = civil(days)
    return String(
      format: "%04d-%02d-%02dT%02d:%02d:%02d.000Z", year, month, day, rest / 3600, rest / 60 % 60, rest % 60)
  }

  /// The proleptic Gregorian date of a day number since 1970-01-01.
  private static func civil(_ days: Int) -> (Int, Int, Int) {
    let z = days + 719_468
    let era = z / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shifted = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shifted + 2) / 5 + 1
    let month = shifted < 10 ? shifted + 3 : shifted - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  /// A splice event id as eight hex digits.
  private static func hex(_ id: Int) -> String { String(format: "%08X", id) }
}
