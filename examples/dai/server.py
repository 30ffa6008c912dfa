#!/usr/bin/env python3
"""A Google DAI VOD stream on 127.0.0.1, following Google's documented JSON (docs/dai.md), for
recording examples/dai/vod with `adhost run --record`:

  POST /ondemand/v1/hls/content/cms-1/vid/video-1/stream   the Stream (form body)
  GET  /streams/s-1/media.m3u8, /streams/s-1/segN.ts         MPEG-TS whose google_ ids exist
                                                             only as timed ID3 TXXX frames: segment
                                                             N of `adhost media write
                                                             vod/stream.json` ($ADHOST)
  GET  /view/p/service/vod/stream/s-1/media/{id}             media verification: 204 the first
                                                             time, 404 after; 500 for ids in
                                                             REFUSED (the refused-ping scenario)

Usage: [ADHOST=path/to/adhost] server.py PORT
"""
import http.server
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "_gen"))
import mediawrite  # noqa: E402

SEGMENT = 6.0
SEGMENTS = 8  # 48 s: a 6 s pre-roll, content, a 12 s mid-roll at 18 s, content
MEDIA = {}  # the written stream's files by name, once the server runs
REFUSED = set()  # ids answered 500 (none: the refused-ping scenario uses a fault plan)



def written(folder):
    """The files `adhost media write` writes from FOLDER/stream.json, by name (segment-N.ts,
    init.mp4, ...): the segments these servers serve (examples/_gen/mediawrite.py)."""
    return mediawrite.written(os.path.join(ROOT, folder, "stream.json"))


def spec_tags(folder):
    """(google_ id, content time) of each ID3 TXXX frame in FOLDER/stream.json."""
    with open(os.path.join(ROOT, folder, "stream.json")) as file:
        spec = json.load(file)
    return [(frame["text"], tag["time"]) for tag in spec["id3"] for frame in tag["frames"]]


ROOT = os.path.dirname(os.path.abspath(__file__))
TAGS = spec_tags("vod")  # the ids at their times, as vod/stream.json writes them


def ad(seq, ad_id, start):
    return {"seq": seq, "duration": 6, "title": ad_id, "ad_id": ad_id, "creative_id": "cr-" + ad_id,
            "ad_system": "GDFP", "events": [{"time": start + share * 6, "type": kind} for share, kind in
                                            [(0, "start"), (0.25, "firstquartile"), (0.5, "midpoint"),
                                             (0.75, "thirdquartile"), (1, "complete")]]}


def stream(base):
    return {"stream_id": "s-1", "total_duration": SEGMENT * SEGMENTS, "content_duration": 30,
            "valid_for": "8h0m0s", "stream_manifest": base + "/streams/s-1/media.m3u8",
            "media_verification_url": base + "/view/p/service/vod/stream/s-1/media/",
            "ad_breaks": [{"type": "pre", "start": 0, "duration": 6, "ads": [ad(1, "pre1", 0)]},
                          {"type": "mid", "start": 18, "duration": 12,
                           "ads": [ad(1, "mid1", 18), ad(2, "mid2", 24)]}]}


def playlist():
    lines = ["#EXTM3U", "#EXT-X-VERSION:3", "#EXT-X-TARGETDURATION:6", "#EXT-X-MEDIA-SEQUENCE:0",
             "#EXT-X-PLAYLIST-TYPE:VOD"]
    for index in range(SEGMENTS):
        lines += [f"#EXTINF:{SEGMENT:.1f},", f"seg{index}.ts"]
    return ("\n".join(lines + ["#EXT-X-ENDLIST"]) + "\n").encode()


class QuietHandler(http.server.BaseHTTPRequestHandler):
    """Answers with a body and its length, and logs nothing (both DAI servers use it)."""

    def answer(self, status, body=b"", content_type=None):
        self.send_response(status)
        if content_type:
            self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


class Handler(QuietHandler):
    pinged = set()

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        self.rfile.read(length)
        if self.path == "/ondemand/v1/hls/content/cms-1/vid/video-1/stream":
            base = f"http://{self.headers['Host']}"
            self.answer(200, json.dumps(stream(base)).encode(), "application/json")
        else:
            self.answer(404)

    def do_GET(self):
        path = self.path.split("?")[0]
        prefix = "/view/p/service/vod/stream/s-1/media/"
        if path == "/streams/s-1/media.m3u8":
            self.answer(200, playlist(), "application/vnd.apple.mpegurl")
        elif path.startswith("/streams/s-1/seg") and path.endswith(".ts"):
            body = MEDIA.get("segment-" + path[len("/streams/s-1/seg"):])
            self.answer(200, body, "video/mp2t") if body else self.answer(404)
        elif path.startswith(prefix):
            media_id = path[len(prefix):]
            if media_id in REFUSED:
                self.answer(500)
            else:
                first = media_id not in Handler.pinged
                Handler.pinged.add(media_id)
                self.answer(204 if first else 404)
        else:
            self.answer(404)


if __name__ == "__main__":
    MEDIA.update(written("vod"))
    http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), Handler).serve_forever()
