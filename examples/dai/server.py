#!/usr/bin/env python3
"""A Google DAI VOD stream on 127.0.0.1, following Google's documented JSON (docs/dai.md), for
recording examples/dai/vod with `adhost run --record`:

  POST /ondemand/v1/hls/content/cms-1/vid/video-1/stream   the Stream (form body)
  GET  /streams/s-1/media.m3u8, /streams/s-1/segN.ts         MPEG-TS whose google_ ids exist
                                                             only as timed ID3 TXXX frames
  GET  /view/p/service/vod/stream/s-1/media/{id}             media verification: 204 the first
                                                             time, 404 after; 500 for ids in
                                                             REFUSED (the refused-ping scenario)

Usage: server.py PORT
"""
import http.server
import json
import sys

SEGMENT = 6.0
SEGMENTS = 8  # 48 s: a 6 s pre-roll, content, a 12 s mid-roll at 18 s, content
FIRST_PTS = 10.0
REFUSED = set()  # ids answered 500 (none: the refused-ping scenario uses a fault plan)

TAGS = [("google_pre1_start", 0), ("google_pre1_fq", 1.5), ("google_pre1_mid", 3), ("google_pre1_tq", 4.5),
        ("google_pre1_end", 5.9),
        ("google_mid1_start", 18), ("google_mid1_fq", 19.5), ("google_mid1_mid", 21), ("google_mid1_tq", 22.5),
        ("google_mid1_end", 23.9),
        ("google_mid2_start", 24), ("google_mid2_fq", 25.5), ("google_mid2_mid", 27), ("google_mid2_tq", 28.5),
        ("google_mid2_end", 29.9)]


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


def crc32_mpeg(data):
    crc = 0xFFFFFFFF
    for byte in data:
        crc ^= byte << 24
        for _ in range(8):
            crc = ((crc << 1) ^ 0x04C11DB7) & 0xFFFFFFFF if crc & 0x80000000 else (crc << 1) & 0xFFFFFFFF
    return crc.to_bytes(4, "big")


def long_section(table, body):
    length = 5 + len(body) + 4
    section = bytes([table, 0xB0 | length >> 8, length & 0xFF, 0, 1, 0xC1, 0, 0]) + body
    return section + crc32_mpeg(section)


VIDEO, ID3, PMT = 0x100, 0x102, 0x1000
ID3_FORMAT = bytes([0xFF, 0xFF]) + b"ID3 " + bytes([0xFF]) + b"ID3 "


def pat():
    return long_section(0, bytes([0, 1, 0xE0 | PMT >> 8, PMT & 0xFF]))


def pmt():
    pointer = bytes([0x25, 0x0F]) + ID3_FORMAT + bytes([0x00, 0x1F, 0x00, 0x01])
    metadata = bytes([0x26, 0x0D]) + ID3_FORMAT + bytes([0x00, 0x0F])
    body = bytes([0xE0 | VIDEO >> 8, VIDEO & 0xFF, 0xF0, len(pointer)]) + pointer
    body += bytes([0x1B, 0xE0 | VIDEO >> 8, VIDEO & 0xFF, 0xF0, 0])
    body += bytes([0x15, 0xE0 | ID3 >> 8, ID3 & 0xFF, 0xF0, len(metadata)]) + metadata
    return long_section(2, body)


class Writer:
    def __init__(self):
        self.out = bytearray()
        self.counters = {}
        self.section(0, pat())
        self.section(PMT, pmt())

    def header(self, pid, start, adaptation):
        counter = self.counters.get(pid, 0)
        self.counters[pid] = (counter + 1) & 0x0F
        return bytes([0x47, (0x40 if start else 0) | pid >> 8, pid & 0xFF, (0x30 if adaptation else 0x10) | counter])

    def section(self, pid, section):
        payload = bytes([0]) + section
        payload += b"\xff" * (184 - len(payload))
        self.out += self.header(pid, True, False) + payload

    def pes(self, pid, stream_id, pts, data, bounded):
        optional = pts_bytes(pts)
        length = 3 + len(optional) + len(data) if bounded else 0
        unit = bytes([0, 0, 1, stream_id, length >> 8, length & 0xFF, 0x84, 0x80, len(optional)]) + optional + data
        offset = 0
        while offset < len(unit):
            chunk = min(184, len(unit) - offset)
            stuffing = 184 - chunk
            self.out += self.header(pid, offset == 0, stuffing > 0)
            if stuffing > 0:
                self.out.append(stuffing - 1)
                if stuffing > 1:
                    self.out += bytes([0]) + b"\xff" * (stuffing - 2)
            self.out += unit[offset:offset + chunk]
            offset += chunk


def pts_bytes(pts):
    return bytes([0x21 | (pts >> 29) & 0x0E, (pts >> 22) & 0xFF, 0x01 | (pts >> 14) & 0xFE, (pts >> 7) & 0xFF,
                  0x01 | (pts << 1) & 0xFE])


def syncsafe(value):
    return bytes([(value >> 21) & 0x7F, (value >> 14) & 0x7F, (value >> 7) & 0x7F, value & 0x7F])


def id3_txxx(value):
    frame = bytes([3]) + b"google\x00" + value.encode()  # UTF-8, description, value
    frames = b"TXXX" + syncsafe(len(frame)) + b"\x00\x00" + frame
    return b"ID3\x04\x00\x00" + syncsafe(len(frames)) + frames


def ticks(seconds):
    return round((seconds + FIRST_PTS) * 90000) % (1 << 33)


def segment(index):
    start = index * SEGMENT
    writer = Writer()
    writer.pes(VIDEO, 0xE0, ticks(start), b"\xab" * 2000, False)
    for value, time in TAGS:
        if start <= time < start + SEGMENT:
            writer.pes(ID3, 0xBD, ticks(time), id3_txxx(value), True)
    writer.pes(VIDEO, 0xE0, ticks(start + SEGMENT - 0.04), b"\xab" * 2000, False)
    return bytes(writer.out)


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
            index = int(path[len("/streams/s-1/seg"):-3])
            self.answer(200, segment(index), "video/mp2t") if 0 <= index < SEGMENTS else self.answer(404)
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
    http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), Handler).serve_forever()
