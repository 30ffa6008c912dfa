#!/usr/bin/env python3
"""Writes the sources and recordings of examples/uplynk (docs/http.md's format: index.json + bodies/).

The examples' Uplynk is fictional (https://content.uplynk.example for Preplay,
https://east.uplynk.example for the session and its pings, https://beacons.northwind.example for
the ad server's beacons); its answers are written here, in the shape of Uplynk's Preplay v2 and
Ping v3 answers, rather than recorded. Run it from anywhere:
    python3 examples/uplynk/generate.py
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "_gen"))
from recording import Recording as BaseRecording  # noqa: E402
PREPLAY = "https://content.uplynk.example"
SESSION = "https://east.uplynk.example"
BEACONS = "https://beacons.northwind.example"
AD_EVENTS = ["impression", "start", "firstQuartile", "midpoint", "thirdQuartile", "complete", "click"]


def urls(owner, kind):
    return [f"{BEACONS}/{owner}/{kind}?cb=[CACHEBUSTING]"]


def ad(creative, duration, mime="uplynk/m3u8", events=True):
    return {
        "apiFramework": None, "companions": [], "mimeType": mime, "creative": creative,
        "width": 0, "height": 0, "duration": duration, "extensions": [], "fwParameters": {},
        "events": {kind: urls(creative, kind) for kind in AD_EVENTS} if events else {},
    }


def ad_break(name, position, offset, ads):
    return {
        "type": "linear", "position": position, "timeOffset": offset,
        "duration": sum(a["duration"] for a in ads if a["mimeType"] == "uplynk/m3u8"),
        "events": {"breakStart": urls(name, "breakStart"), "breakEnd": urls(name, "breakEnd")},
        "ads": ads,
    }


def playlist(count, discontinuities, seconds=5):
    lines = ["#EXTM3U", "#EXT-X-VERSION:6", f"#EXT-X-TARGETDURATION:{seconds}", "#EXT-X-MEDIA-SEQUENCE:0",
             "#EXT-X-PLAYLIST-TYPE:VOD"]
    for index in range(count):
        if index in discontinuities:
            lines.append("#EXT-X-DISCONTINUITY")
        lines += [f"#EXTINF:{seconds}.0,", f"segment{index}.ts"]
    lines.append("#EXT-X-ENDLIST")
    return "\n".join(lines) + "\n"


def key(url):
    """The recording key of a URL (HTTPKit's RequestKey): its query items sorted, cache busters left out."""
    base, _, query = url.partition("?")
    items = [item.split("=", 1) + [""] for item in query.split("&") if item]
    kept = sorted((name, value) for name, value, *_ in items if name.lower() != "cb")
    return base + ("?" + "&".join(f"{name}={value}" for name, value in kept) if kept else "")


class Recording(BaseRecording):
    def __init__(self, folder):
        super().__init__(folder)
        self.seen = set()

    def add(self, url, body=None, content_type=None, status=200):
        self.record(f"GET {key(url)}", "GET", url, body, content_type, status)

    def json(self, url, value):
        self.add(url, json.dumps(value, indent=2) + "\n", "application/json")

    def beacons(self, breaks):
        for each in breaks:
            events = list(each["events"].values()) + [e for a in each["ads"] for e in a["events"].values()]
            for event_urls in events:
                url = event_urls[0].replace("?cb=[CACHEBUSTING]", "")
                if url not in self.seen:
                    self.seen.add(url)
                    self.add(url, status=204)


def write_source(path, ssai):
    ssai = {"integration": "uplynk", **ssai}
    with open(path, "w") as handle:
        json.dump({"sources": [{"src": "", "type": "application/x-mpegurl", "ssai": ssai}]}, handle, indent=2)
        handle.write("\n")


def preplay_answer(asset, sid, breaks, placeholders):
    return {
        "playURL": f"{SESSION}/preplay2/{asset}/{sid}/stream.m3u8?pbs={sid}",
        "sid": sid, "prefix": SESSION,
        "drm": {"required": False}, "interstitialURL": None,
        "ads": {
            "breaks": breaks,
            "breakOffsets": [{"timeOffset": b["timeOffset"], "index": i} for i, b in enumerate(breaks)],
            "placeholderOffsets": placeholders,
        },
    }


def vod():
    """100 s of stream: a pre-roll of two ads 0–15, mid-rolls 35–45 and 60–70, and a post-roll
    90–100 whose first ad is a VPAID creative Uplynk replaced with a 2 s placeholder (90–92)."""
    folder = os.path.join(HERE, "vod")
    recording = Recording(os.path.join(folder, "recording"))
    breaks = [
        ad_break("pre", "preroll", 0, [ad("pre-a", 10), ad("pre-b", 5)]),
        ad_break("mid1", "midroll", 35, [ad("mid1-a", 10)]),
        ad_break("mid2", "midroll", 60, [ad("mid2-a", 10)]),
        ad_break("post", "postroll", 90, [ad("post-vpaid", 30, "application/javascript", events=False),
                                          ad("post-a", 8)]),
    ]
    placeholders = [{"startTime": 90, "endTime": 92, "breakIndex": 3, "adsIndex": 0}]
    recording.json(f"{PREPLAY}/preplay/vod-7f3e.json?v=2&ad=northwind",
                   preplay_answer("vod-7f3e", "5e55a1", breaks, placeholders))
    recording.add(f"{SESSION}/preplay2/vod-7f3e/5e55a1/stream.m3u8?pbs=5e55a1",
                  playlist(20, {2, 3, 7, 9, 12, 14, 18}), "application/vnd.apple.mpegurl")
    recording.beacons(breaks)
    recording.save()
    common = {"prefix": PREPLAY, "assetIds": ["vod-7f3e"], "preplayParameters": {"ad": "northwind"},
              "defaultSkipOffset": 5}
    write_source(os.path.join(folder, "source.json"), common)
    write_source(os.path.join(folder, "source-playall.json"), {**common, "skippedAdStrategy": "playAll"})
    write_source(os.path.join(folder, "source-playlast.json"), {**common, "skippedAdStrategy": "playLast"})


def ping():
    """60 s of stream, a pre-roll 0–10 from Preplay; the Ping API (ad impressions) answers, by
    playhead: start → next at 20; 20 → a new break at 30–40, next at 40; 40 → -1 (stop). A seek
    from 25 to 50 → next at 55; 55 → -1. A retry at 10 (after a failed start) → next at 20."""
    folder = os.path.join(HERE, "ping")
    recording = Recording(os.path.join(folder, "recording"))
    pre = [ad_break("ping-pre", "preroll", 0, [ad("ping-pre-a", 10)])]
    mid = [ad_break("ping-mid", "midroll", 30, [ad("ping-mid-a", 10)])]
    recording.json(f"{PREPLAY}/preplay/vod-91c2.json?v=2&ad.cping=1&ad.pingf=1",
                   preplay_answer("vod-91c2", "p1n9", pre, []))
    recording.add(f"{SESSION}/preplay2/vod-91c2/p1n9/stream.m3u8?pbs=p1n9",
                  playlist(12, {2, 6, 8}), "application/vnd.apple.mpegurl")
    base = f"{SESSION}/session/ping/p1n9.json?v=3"
    answers = [
        ("&pt=0&ev=start", {"next_time": 20, "ads": {"breaks": []}}),
        ("&pt=10", {"next_time": 20, "ads": {"breaks": []}}),
        ("&pt=20", {"next_time": 40, "ads": {"breaks": mid}}),
        ("&pt=40", {"next_time": -1}),
        ("&pt=50&ev=seek&ft=25", {"next_time": 55}),
        ("&pt=55", {"next_time": -1}),
    ]
    for query, answer in answers:
        recording.json(base + query, answer)
    recording.beacons(pre + mid)
    recording.save()
    write_source(os.path.join(folder, "source.json"), {
        "prefix": PREPLAY, "assetIds": ["vod-91c2"], "uplynkPingConfiguration": {"adImpressions": True}})


def live_playlist(first, count, seconds=5):
    lines = ["#EXTM3U", "#EXT-X-VERSION:6", f"#EXT-X-TARGETDURATION:{seconds}", f"#EXT-X-MEDIA-SEQUENCE:{first}"]
    for index in range(first, first + count):
        lines += [f"#EXTINF:{seconds}.0,", f"segment{index}.ts"]
    return "\n".join(lines) + "\n"


def live():
    """A live channel (assetType "channel", pings for linear ad data: ad.pingf=4). The Preplay
    answer has no ads; the playlist is a window of four 5 s segments that slides by one at each
    reload. The pings bring the ads: start → next at 10; 10 → a break at 20 s with its first ad
    (live-a, 10 s), next at 15; 15 → the same break grown to 15 s with a second ad (live-b, 5 s),
    next at 40; 40 → -1."""
    folder = os.path.join(HERE, "live")
    recording = Recording(os.path.join(folder, "recording"))
    recording.json(f"{PREPLAY}/preplay/channel/ch-news.json?v=2&ad.cping=1&ad.pingf=4", {
        "playURL": f"{SESSION}/channel/ch-news/l1ve/live.m3u8?pbs=l1ve", "sid": "l1ve", "prefix": SESSION})
    for refresh in range(14):
        recording.add(f"{SESSION}/channel/ch-news/l1ve/live.m3u8?pbs=l1ve", live_playlist(refresh, 4),
                      "application/vnd.apple.mpegurl")
    first = ad_break("live", "midroll", 20, [ad("live-a", 10)])
    grown = ad_break("live", "midroll", 20, [ad("live-a", 10), ad("live-b", 5)])
    base = f"{SESSION}/session/ping/l1ve.json?v=3"
    for query, answer in [("&pt=0&ev=start", {"next_time": 10}),
                          ("&pt=10", {"next_time": 15, "ads": {"breaks": [first]}}),
                          ("&pt=15", {"next_time": 40, "ads": {"breaks": [grown]}}),
                          ("&pt=40", {"next_time": -1})]:
        recording.json(base + query, answer)
    recording.beacons([grown])
    recording.save()
    write_source(os.path.join(folder, "source.json"), {
        "prefix": PREPLAY, "assetIds": ["ch-news"], "assetType": "channel",
        "uplynkPingConfiguration": {"linearAdData": True, "adImpressions": True}})


if __name__ == "__main__":
    vod()
    ping()
    live()
