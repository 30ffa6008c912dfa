#!/usr/bin/env python3
"""Google DAI live on 127.0.0.1, following Google's documented JSON (docs/dai.md#flow), for
recording examples/dai/live with `adhost run --record`:

  POST /linear/v1/hls/event/asset-1/stream        the Stream: stream_manifest, metadata_url,
                                                  media_verification_url, polling_frequency 5
  GET  /live/media.m3u8                           a CMAF live window growing by one 6 s segment
                                                  per load (ENDLIST at the last)
  GET  /live/init.mp4, /live/segN.m4s             ids only as ID3 inside emsg v1 boxes
                                                  (scheme https://aomedia.org/emsg/ID3)
  GET  /linear/hls/event/asset-1/stream/live-1/metadata
                                                  tags/ads/ad_breaks; the break is in it from the
                                                  third poll on
  GET  /view/p/service/linear/stream/live-1/media/{id}   204

Usage: live_server.py PORT
"""
import http.server
import json
import sys

from server import QuietHandler, id3_txxx

SEGMENTS = 7
TIMESCALE = 90000
FIRST_PTS = 10.0
TAGS = [("google_live1_start_0001", 18), ("google_live1_mid_0001", 21), ("google_live1_end_0001", 23.5)]
METADATA = {
    "tags": {"google_live1_start": {"type": "start", "ad": "live1", "ad_break_id": "b1"},
             "google_live1_mid": {"type": "midpoint", "ad": "live1", "ad_break_id": "b1"},
             "google_live1_end": {"type": "complete", "ad": "live1", "ad_break_id": "b1"}},
    "ads": {"live1": {"ad_break_id": "b1", "position": 1, "duration": 6, "title": "Live one"}},
    "ad_breaks": {"b1": {"type": "mid", "duration": 6, "expected_duration": 6, "ads": 1}},
}


def u32(value):
    return value.to_bytes(4, "big")


def u64(value):
    return value.to_bytes(8, "big")


def box(kind, body):
    return u32(8 + len(body)) + kind.encode() + body


def full_box(kind, version, flags, body):
    return box(kind, bytes([version]) + flags.to_bytes(3, "big") + body)


def init_segment():
    tkhd = full_box("tkhd", 0, 3, u32(0) + u32(0) + u32(1) + bytes(72))
    mdhd = full_box("mdhd", 0, 0, u32(0) + u32(0) + u32(TIMESCALE) + u32(0) + bytes([0x55, 0xC4, 0, 0]))
    trex = full_box("trex", 0, 0, u32(1) + u32(1) + u32(0) + u32(0) + u32(0))
    moov = box("moov", box("trak", tkhd + box("mdia", mdhd)) + box("mvex", trex))
    return box("ftyp", b"cmfc" + u32(0) + b"iso6cmfc") + moov


def ticks(seconds):
    return round((seconds + FIRST_PTS) * TIMESCALE)


def emsg(event_id, time, value):
    strings = b"https://aomedia.org/emsg/ID3\x00\x00"
    return full_box("emsg", 1, 0, u32(TIMESCALE) + u64(ticks(time)) + u32(0) + u32(event_id) + strings
                    + id3_txxx(value))


def segment(index):
    start = index * 6
    boxes = b"".join(emsg(index * 10 + n, time, value)
                     for n, (value, time) in enumerate(t for t in TAGS if start <= t[1] < start + 6))
    samples, size = 6, 4000
    trun = full_box("trun", 0, 0x301, u32(samples) + u32(0) + (u32(TIMESCALE) + u32(size // samples)) * samples)
    traf = box("traf", full_box("tfhd", 0, 0x020000, u32(1)) + full_box("tfdt", 1, 0, u64(ticks(start))) + trun)
    moof = box("moof", full_box("mfhd", 0, 0, u32(1)) + traf)
    return box("styp", b"msdh" + u32(0) + b"msdhmsix") + boxes + moof + box("mdat", b"\x5a" * size)


class Handler(QuietHandler):
    loads = 0
    polls = 0

    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        if self.path != "/linear/v1/hls/event/asset-1/stream":
            return self.answer(404)
        base = f"http://{self.headers['Host']}"
        self.answer(200, json.dumps({
            "stream_id": "live-1", "stream_manifest": base + "/live/media.m3u8",
            "media_verification_url": base + "/view/p/service/linear/stream/live-1/media/",
            "metadata_url": base + "/linear/hls/event/asset-1/stream/live-1/metadata",
            "polling_frequency": 5}).encode(), "application/json")

    def do_GET(self):
        path = self.path.split("?")[0]
        if path == "/live/media.m3u8":
            count = min(SEGMENTS, 3 + Handler.loads)
            Handler.loads += 1
            lines = ["#EXTM3U", "#EXT-X-VERSION:7", "#EXT-X-TARGETDURATION:6", "#EXT-X-MEDIA-SEQUENCE:0",
                     '#EXT-X-MAP:URI="init.mp4"']
            for index in range(count):
                lines += ["#EXTINF:6.0,", f"seg{index}.m4s"]
            if count == SEGMENTS:
                lines.append("#EXT-X-ENDLIST")
            self.answer(200, ("\n".join(lines) + "\n").encode(), "application/vnd.apple.mpegurl")
        elif path == "/live/init.mp4":
            self.answer(200, init_segment(), "video/mp4")
        elif path.startswith("/live/seg") and path.endswith(".m4s"):
            self.answer(200, segment(int(path[len("/live/seg"):-4])), "video/iso.segment")
        elif path == "/linear/hls/event/asset-1/stream/live-1/metadata":
            Handler.polls += 1
            body = METADATA if Handler.polls >= 3 else {"tags": {}, "ads": {}, "ad_breaks": {}}
            self.answer(200, json.dumps(body).encode(), "application/json")
        elif path.startswith("/view/p/service/linear/stream/live-1/media/"):
            self.answer(204)
        else:
            self.answer(404)


if __name__ == "__main__":
    http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), Handler).serve_forever()
