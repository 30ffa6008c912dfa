import Foundation
import OutsideText

/// The MPD of a `dash` spec: one Period, one muxed Representation (H.264 and AAC) with a
/// `SegmentTemplate` and `SegmentTimeline`, and an `InbandEventStream` per `emsg` scheme. VOD is
/// `static`; a live window is `dynamic`, reloaded every segment duration, joined a window's length
/// behind the live edge, until the window reaches the end and the MPD turns `static`.
struct DASHManifest {
  let spec: MediaSpec
  let timeline: MediaTimeline
  /// The clip the segments carry (its codecs and picture size); nil: blank video, silent audio.
  let clip: TSClip?

  /// The MPD of segments `window`; `availabilityStart` (seconds since 1970) when live.
  func text(_ window: Range<Int>, ended: Bool, availabilityStart: Double) -> String {
    let live = spec.live != nil && !ended
    var mpd = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
    mpd += #"<MPD xmlns="urn:mpeg:dash:schema:mpd:2011" profiles="urn:mpeg:dash:profile:isoff-live:2011""#
    if live {
      let depth = Double(spec.live?.window ?? 1) * spec.segmentDuration
      mpd += #" type="dynamic" availabilityStartTime="\#(ISO8601.text(availabilityStart))""#
      mpd += #" minimumUpdatePeriod="\#(Self.duration(spec.segmentDuration))""#
      // Joining a window's length behind the live edge: at the window's first segment, as HLS does.
      mpd += #" timeShiftBufferDepth="\#(Self.duration(depth))""#
      mpd += #" suggestedPresentationDelay="\#(Self.duration(depth))""#
      mpd += #" minBufferTime="PT2S">"#
    } else {
      mpd +=
        #" type="static" mediaPresentationDuration="\#(Self.duration(spec.duration))" minBufferTime="PT2S">"#
    }
    mpd += "\n" + #"  <Period id="0" start="PT0S">"# + "\n"
    mpd += #"    <AdaptationSet mimeType="video/mp4" segmentAlignment="true" startWithSAP="1">"# + "\n"
    for (scheme, value) in schemes {
      mpd +=
        #"      <InbandEventStream schemeIdUri="\#(Self.escaped(scheme))" value="\#(Self.escaped(value))"/>"#
        + "\n"
    }
    mpd += representation
    mpd += #"        <SegmentTemplate timescale="90000" presentationTimeOffset="\#(timeline.startTicks)""#
    mpd +=
      #" initialization="init.mp4" media="segment-$Number$.m4s" startNumber="\#(window.lowerBound)">"# + "\n"
    mpd += "          <SegmentTimeline>\n"
    for index in window {
      let segment = timeline.segments[index]
      mpd +=
        #"            <S t="\#(timeline.startTicks + segment.startTicks)" d="\#(segment.endTicks - segment.startTicks)"/>"#
      mpd += "\n"
    }
    mpd += "          </SegmentTimeline>\n        </SegmentTemplate>\n      </Representation>\n"
    mpd += "    </AdaptationSet>\n  </Period>\n</MPD>\n"
    return mpd
  }

  /// The `Representation` start tag: codecs, size, frame rate and sample rate.
  private var representation: String {
    var codecs = "avc1.42C01E,mp4a.40.2"
    var size = (BlankVideo.width, BlankVideo.height)
    var frameRate = "\(BlankVideo.frameRate)"
    var sampleRate = SilentAudio.sampleRate
    if let clip {
      let avc = clip.videoConfiguration
      codecs = "avc1." + avc.sps[1...3].map { String(format: "%02X", $0) }.joined()
      if let aac = clip.audioConfiguration {
        codecs += ",mp4a.40.\(aac.audioSpecificConfig[0] >> 3)"
        sampleRate = aac.sampleRate
      }
      size = (avc.width, avc.height)
      let frame = max(1, clip.video.count > 1 ? clip.video[1].dts - clip.video[0].dts : 3600)
      frameRate = 90_000 % frame == 0 ? "\(90_000 / frame)" : "90000/\(frame)"
    }
    var tag = #"      <Representation id="av" codecs="\#(codecs)" bandwidth="200000""#
    tag += #" width="\#(size.0)" height="\#(size.1)" frameRate="\#(frameRate)""#
    return tag + #" audioSamplingRate="\#(sampleRate)">"# + "\n"
  }

  /// The `emsg` schemes and values the segments carry, in order of first use.
  private var schemes: [(String, String)] {
    var result: [(String, String)] = []
    if !spec.id3.isEmpty { result.append((CMAFSegments.id3Scheme, "")) }
    if !spec.scte35.isEmpty { result.append((CMAFSegments.scte35Scheme, "")) }
    for message in spec.emsg where !result.contains(where: { $0 == (message.scheme, message.value) }) {
      result.append((message.scheme, message.value))
    }
    return result
  }

  /// An `xs:duration` of seconds, to the millisecond.
  static func duration(_ seconds: Double) -> String { "PT" + HLSPlaylist.decimal(seconds) + "S" }

  static func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
      .replacingOccurrences(of: "<", with: "&lt;")
  }
}
