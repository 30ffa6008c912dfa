#!/usr/bin/env python3
"""A Yospace-style CSM on 127.0.0.1 following adhost's contract (docs/yospace.md), for recording
examples/yospace with `adhost run --record`:

  GET /csm/extlive/acc/<stream>.m3u8?yo.av=4   302 to /csm/session/<stream>/master.m3u8 (live)
  GET /csm/access/acc/<stream>.m3u8?yo.av=4    302 to the same (VOD)
  GET /csm/session/<stream>/master.m3u8        one variant, media.m3u8
  GET /csm/session/<stream>/media.m3u8         live: a sliding window of 3 segments of 6 s, one
                                               segment on per load, ENDLIST at the last; VOD: all
  GET /csm/session/<stream>/init.mp4, segN.ts|m4s   segment N of `adhost media write
                                               <stream>/stream.json` ($ADHOST)
  GET /csm/session/<stream>/analytics          VMAP 1.0, inline VAST 4 per ad (Creative@id = YMID);
                                               live: a break is in it from the poll at or after
                                               its `known` time (polls every 5 s from 0)
  GET /track/<ymid>/<event>                    204

`python3 fixture.py specs` writes each stream's stream.json (the tags at their times) instead.

Usage: [ADHOST=path/to/adhost] fixture.py PORT | specs
"""
import http.server
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "_gen"))
import mediawrite  # noqa: E402

ROOT = os.path.dirname(os.path.abspath(__file__))
SEGMENT = 6
WINDOW = 3
POLL = 5
YOSPACE = "urn:yospace:a:id3:2016"

# Each stream: its format, duration, carrier of the tags, and its breaks: (id, start, ads, known),
# each ad (YMID, seconds) in order from the break's start; `known`: when live analytics show it.
STREAMS = {
    "live-ts": {"format": "hls-ts", "duration": 300, "carrier": "id3", "live": True,
                "breaks": [("b0", 0, [("y-p1", 12)], 0), ("b1", 30, [("y-a1", 12), ("y-a2", 12)], 0),
                           ("b2", 120, [("y-b1", 12)], 90), ("b3", 240, [("y-c1", 12)], 210)],
                "repeat": "y-b1"},
    "cmaf-yospace": {"format": "hls-cmaf", "duration": 60, "carrier": "emsg", "live": True,
                     "breaks": [("b1", 30, [("y-e1", 12)], 0)], "foreign": 31},
    "cmaf-id3": {"format": "hls-cmaf", "duration": 60, "carrier": "id3", "live": True,
                 "breaks": [("b1", 30, [("y-i1", 12)], 0)]},
    "one-emsg": {"format": "hls-cmaf", "duration": 24, "carrier": "one", "live": True,
                 "breaks": [("b1", 6, [("y-o1", 6)], 0)]},
    "daterange": {"format": "hls-ts", "duration": 60, "carrier": "daterange", "live": True,
                  "breaks": [("b1", 30, [("y-d1", 12)], 0)]},
    "late": {"format": "hls-ts", "duration": 60, "carrier": "id3", "live": True,
             "breaks": [("b1", 30, [("y-l1", 12)], 20)]},
    "vod": {"format": "hls-ts", "duration": 48, "carrier": "id3", "live": False,
            "breaks": [("b1", 12, [("y-v1", 6)], 0), ("b2", 30, [("y-v2", 6), ("y-v3", 6)], 0)]},
}
EVENTS = ["start", "firstQuartile", "midpoint", "thirdQuartile", "complete"]


def ads(stream):
    """(YMID, start, seconds, break) of each ad of the stream."""
    found = []
    for break_id, start, list_, _ in STREAMS[stream]["breaks"]:
        at = start
        for ymid, seconds in list_:
            found.append((ymid, at, seconds, break_id))
            at += seconds
    return found


def tags(stream):
    """(time, fields) of every tag: S 0.1 s, M 3 s and E 5.9 s into each of an ad's segments."""
    found = []
    for ymid, start, seconds, _ in ads(stream):
        count = seconds // SEGMENT
        for index in range(count):
            for kind, offset in (("S", 0.1), ("M", 3.0), ("E", 5.9)):
                fields = [("YMID", ymid), ("YSEQ", f"{index + 1}:{count}"), ("YTYP", kind), ("YDUR", f"{offset:.1f}")]
                found.append((round(start + index * SEGMENT + offset, 3), fields))
        if STREAMS[stream].get("repeat") == ymid:  # its last E tag again at the next segment's start
            time, fields = found[-1]
            found.append((round(start + seconds + 0.5, 3), fields))
    return sorted(found, key=lambda tag: tag[0])


def spec(stream):
    config = STREAMS[stream]
    result = {"format": config["format"], "duration": config["duration"], "segmentDuration": SEGMENT}
    carrier = config["carrier"]
    if carrier == "id3":
        result["id3"] = [{"time": time, "frames": [{"id": name, "text": text} for name, text in fields]}
                         for time, fields in tags(stream)]
    elif carrier in ("emsg", "one"):
        chosen = tags(stream) if carrier == "emsg" else tags(stream)[:1]
        result["emsg"] = [{"time": time, "scheme": YOSPACE, "id": number + 1, "version": 1, "timescale": 1000,
                           "data": ",".join(f"{name}={text}" for name, text in fields)}
                          for number, (time, fields) in enumerate(chosen)]
        if "foreign" in config:  # an emsg of another scheme that looks like a tag: not one
            result["emsg"].append({"time": config["foreign"], "scheme": "urn:example:not-yospace", "id": 99,
                                   "version": 1, "timescale": 1000, "data": "YMID=y-x9,YSEQ=1:1,YTYP=S,YDUR=0.0"})
            result["emsg"].sort(key=lambda box: box["time"])
    return result


def write_specs():
    for stream in STREAMS:
        folder = os.path.join(ROOT, stream)
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, "stream.json"), "w") as handle:
            json.dump(spec(stream), handle, indent=1)
            handle.write("\n")


def written(stream):
    """The files `adhost media write` writes from STREAM/stream.json, by name."""
    return mediawrite.written(os.path.join(ROOT, stream, "stream.json"))


def vmap(stream, base, seconds):
    """The analytics: the breaks known by `seconds`, each ad inline VAST with its tracking URLs."""
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0">']
    for break_id, start, list_, known in STREAMS[stream]["breaks"]:
        if STREAMS[stream]["live"] and known > seconds:
            continue
        offset = f"{start // 3600:02d}:{start // 60 % 60:02d}:{start % 60:02d}.000"
        out.append(f'<vmap:AdBreak timeOffset="{offset}" breakType="linear" breakId="{break_id}">')
        out.append(f'<vmap:AdSource id="{break_id}" allowMultipleAds="true" followRedirects="true"><vmap:VASTAdData>')
        out.append('<VAST version="4.0">')
        for position, (ymid, length) in enumerate(list_):
            track = "".join(f'<Tracking event="{event}"><![CDATA[{base}/track/{ymid}/{event}]]></Tracking>'
                            for event in EVENTS)
            out.append(f'<Ad id="ad-{ymid}" sequence="{position + 1}"><InLine><AdSystem>Yospace</AdSystem>'
                       f'<AdTitle>{ymid}</AdTitle><Impression><![CDATA[{base}/track/{ymid}/impression]]></Impression>'
                       f'<Creatives><Creative id="{ymid}" sequence="1"><Linear><Duration>00:00:{length:02d}.000</Duration>'
                       f'<TrackingEvents>{track}</TrackingEvents><MediaFiles><MediaFile delivery="progressive" '
                       f'type="video/mp4" width="640" height="360"><![CDATA[{base}/media/{ymid}.mp4]]></MediaFile>'
                       '</MediaFiles></Linear></Creative></Creatives></InLine></Ad>')
        out.append('</VAST></vmap:VASTAdData></vmap:AdSource></vmap:AdBreak>')
    out.append('</vmap:VMAP>')
    return ("\n".join(out) + "\n").encode()


class Handler(http.server.BaseHTTPRequestHandler):
    media = {}
    loads = {}
    polls = {}

    def answer(self, status, body=b"", content_type=None, location=None):
        self.send_response(status)
        if content_type:
            self.send_header("Content-Type", content_type)
        if location:
            self.send_header("Location", location)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass

    def playlist(self, stream):
        config = STREAMS[stream]
        total = config["duration"] // SEGMENT
        extension = "ts" if config["format"] == "hls-ts" else "m4s"
        lines = ["#EXTM3U", "#EXT-X-VERSION:7", f"#EXT-X-TARGETDURATION:{SEGMENT}"]
        if config["live"]:
            loads = Handler.loads.get(stream, 0)
            Handler.loads[stream] = loads + 1
            first = min(loads, total - WINDOW)
            shown = range(first, first + WINDOW)
        else:
            lines.append("#EXT-X-PLAYLIST-TYPE:VOD")
            shown = range(total)
        lines.append(f"#EXT-X-MEDIA-SEQUENCE:{shown[0]}")
        if extension == "m4s":
            lines.append('#EXT-X-MAP:URI="init.mp4"')
        for index in shown:
            lines.append(f"#EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:{index * SEGMENT // 60:02d}:"
                         f"{index * SEGMENT % 60:02d}.000Z")
            if config["carrier"] == "daterange":
                for ymid, start, seconds, _ in ads(stream):
                    if index * SEGMENT <= start < (index + 1) * SEGMENT:
                        lines.append(f'#EXT-X-DATERANGE:ID="{ymid}",START-DATE="2026-01-01T00:00:{start:02d}.000Z",'
                                     f'DURATION={seconds}.0,X-COM-YOSPACE-YMID="{ymid}"')
            lines += [f"#EXTINF:{SEGMENT}.0,", f"seg{index}.{extension}"]
        if not config["live"] or shown[-1] == total - 1:
            lines.append("#EXT-X-ENDLIST")
        return ("\n".join(lines) + "\n").encode()

    def do_GET(self):
        path = self.path.split("?")[0]
        base = f"http://{self.headers['Host']}"
        parts = path.strip("/").split("/")
        if len(parts) == 4 and parts[:2] in (["csm", "extlive"], ["csm", "access"]) and parts[3].endswith(".m3u8"):
            stream = parts[3][:-len(".m3u8")]
            if stream in STREAMS:
                return self.answer(302, location=f"{base}/csm/session/{stream}/master.m3u8")
        elif len(parts) == 4 and parts[:2] == ["csm", "session"] and parts[2] in STREAMS:
            stream, name = parts[2], parts[3]
            if name == "master.m3u8":
                return self.answer(200, b"#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=800000\nmedia.m3u8\n",
                                   "application/vnd.apple.mpegurl")
            if name == "media.m3u8":
                return self.answer(200, self.playlist(stream), "application/vnd.apple.mpegurl")
            if name == "analytics":
                polls = Handler.polls.get(stream, 0)
                Handler.polls[stream] = polls + 1
                return self.answer(200, vmap(stream, base, polls * POLL), "application/xml")
            files = Handler.media[stream]
            if name == "init.mp4" and name in files:
                return self.answer(200, files[name], "video/mp4")
            if name.startswith("seg"):
                number, _, extension = name[3:].partition(".")
                found = files.get(f"segment-{number}.{extension}")
                if found:
                    return self.answer(200, found, "video/mp2t" if extension == "ts" else "video/iso.segment")
        elif len(parts) == 3 and parts[0] == "track":
            return self.answer(204)
        self.answer(404)


if __name__ == "__main__":
    if sys.argv[1] == "specs":
        write_specs()
    else:
        for name in STREAMS:
            Handler.media[name] = written(name)
        http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), Handler).serve_forever()
