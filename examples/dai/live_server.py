#!/usr/bin/env python3
"""Google DAI live on 127.0.0.1, following Google's documented JSON (docs/dai.md#flow), for
recording examples/dai/live with `adhost run --record`:

  POST /linear/v1/hls/event/asset-1/stream        the Stream: stream_manifest, metadata_url,
                                                  media_verification_url, polling_frequency 5
  GET  /live/media.m3u8                           a CMAF live window growing by one 6 s segment
                                                  per load (ENDLIST at the last)
  GET  /live/init.mp4, /live/segN.m4s             ids only as ID3 inside emsg v1 boxes
                                                  (scheme https://aomedia.org/emsg/ID3): the
                                                  init segment and segment N of `adhost media
                                                  write live/stream.json` ($ADHOST)
  GET  /linear/hls/event/asset-1/stream/live-1/metadata
                                                  tags/ads/ad_breaks; the break is in it from the
                                                  third poll on
  GET  /view/p/service/linear/stream/live-1/media/{id}   204

Usage: [ADHOST=path/to/adhost] live_server.py PORT
"""
import http.server
import json
import sys

from server import QuietHandler, written

SEGMENTS = 7
MEDIA = {}  # the files `adhost media write live/stream.json` writes, by name
METADATA = {
    "tags": {"google_live1_start": {"type": "start", "ad": "live1", "ad_break_id": "b1"},
             "google_live1_mid": {"type": "midpoint", "ad": "live1", "ad_break_id": "b1"},
             "google_live1_end": {"type": "complete", "ad": "live1", "ad_break_id": "b1"}},
    "ads": {"live1": {"ad_break_id": "b1", "position": 1, "duration": 6, "title": "Live one"}},
    "ad_breaks": {"b1": {"type": "mid", "duration": 6, "expected_duration": 6, "ads": 1}},
}


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
            self.answer(200, MEDIA["init.mp4"], "video/mp4")
        elif path.startswith("/live/seg") and "segment-" + path[len("/live/seg"):] in MEDIA:
            self.answer(200, MEDIA["segment-" + path[len("/live/seg"):]], "video/iso.segment")
        elif path == "/linear/hls/event/asset-1/stream/live-1/metadata":
            Handler.polls += 1
            body = METADATA if Handler.polls >= 3 else {"tags": {}, "ads": {}, "ad_breaks": {}}
            self.answer(200, json.dumps(body).encode(), "application/json")
        elif path.startswith("/view/p/service/linear/stream/live-1/media/"):
            self.answer(204)
        else:
            self.answer(404)


if __name__ == "__main__":
    MEDIA.update(written("live"))
    http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), Handler).serve_forever()
