#!/usr/bin/env python3
"""Writes the offline recordings of examples/sgai/hls-vod and examples/sgai/hls-live (the
conformance cases of seeking, live joins and resumption): `python3 examples/sgai/generate-cases.py`.

The recordings are written, not recorded: each exchange is what an HLS origin, an ad server and
a tracking server would answer. `_HLS_primary_id` is the value the host derives for each media
playlist's URL (InterstitialPlayer.primaryId, session 2 of the run), so the recorded request URLs
match. A live playlist is recorded once per reload, its window one segment further each time:
the recording replays the same URL's answers in order.
"""
import json, os, shutil, sys

HERE = os.path.dirname(os.path.abspath(__file__))
# The request keys and the VAST documents of examples/interstitials' generator.
sys.path.insert(0, os.path.join(HERE, "..", "interstitials"))
from generate import key, vast  # noqa: E402
CDN = "https://cdn.example/sgai"
ADS = "https://ads.example/sgai"
TRACK = "https://track.example/sgai"
PDT = "2026-11-29T12:00:%02d.000Z"
M3U, JSON, XML = "application/vnd.apple.mpegurl", "application/json", "application/xml"
I = 'CLASS="com.apple.hls.interstitial"'


def primary_id(url, session=2):
    h = 0xCBF29CE484222325
    for b in f"{session}:{url}".encode():
        h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    swapped = int.from_bytes(h.to_bytes(8, "little"), "big")
    x = (format(h, "016x") + format(swapped ^ 0x5BD1E9955BD1E995, "016x")).upper()
    return "-".join([x[0:8], x[8:12], x[12:16], x[16:20], x[20:32]])


def write(folder, exchanges):
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder + "/bodies")
    out = []
    for n, (url, status, ctype, body) in enumerate(exchanges):
        entry = {"key": key("GET", url), "method": "GET", "status": status, "url": url,
                 "headers": {"content-type": ctype} if ctype else {}, "request": {}}
        if body is not None:
            entry["body"] = "bodies/%06d.bin" % n
            with open(folder + "/" + entry["body"], "w") as f:
                f.write(body)
        out.append(entry)
    with open(folder + "/index.json", "w") as f:
        json.dump({"version": 1, "exchanges": out}, f, indent=1)
        f.write("\n")


def playlist(segments, seg, seq=0, extra=(), live=False, pdt=0):
    lines = ["#EXTM3U", "#EXT-X-VERSION:7", f"#EXT-X-TARGETDURATION:{seg}", f"#EXT-X-MEDIA-SEQUENCE:{seq}"]
    if not live:
        lines.append("#EXT-X-PLAYLIST-TYPE:VOD")
    lines.append("#EXT-X-PROGRAM-DATE-TIME:" + date(pdt))
    lines += list(extra)
    for i in range(segments):
        lines += [f"#EXTINF:{seg:.3f},", f"s{seq + i}.ts"]
    if not live:
        lines.append("#EXT-X-ENDLIST")
    return "\n".join(lines) + "\n"


def date(seconds):
    minutes, rest = divmod(seconds, 60)
    return "2026-11-29T12:%02d:%06.3fZ" % (minutes, rest)


def interstitial(ident, at, attributes):
    return f'#EXT-X-DATERANGE:ID="{ident}",{I},START-DATE="{date(at)}",{attributes}'


EVENTS = ["start", "firstQuartile", "midpoint", "thirdQuartile", "complete"]


def ad_exchanges(ad, seconds, pid, list_query="", tracked=True):
    """The asset list `lists/<ad>.json` of one asset `<ad>` of `seconds` and its playlist; when
    `tracked`, the asset is a VAST ad (`X-VAST-URI`): its VAST and its beacons too."""
    members = {"URI": f"{ADS}/{ad}/index.m3u8", "DURATION": seconds}
    if tracked:
        members["X-VAST-URI"] = f"{ADS}/vast/{ad}.xml"
    exchanges = [
        (f"{ADS}/lists/{ad}.json?_HLS_primary_id={pid}{list_query}", 200, JSON,
         json.dumps({"ASSETS": [members]}, indent=1) + "\n"),
        (f"{ADS}/{ad}/index.m3u8?_HLS_primary_id={pid}", 200, M3U, playlist(1, seconds)),
    ]
    if tracked:
        exchanges.append((f"{ADS}/vast/{ad}.xml", 200, XML, vast(ad, seconds, f"{TRACK}/{ad}")))
        exchanges += [(f"{TRACK}/{ad}/{e}", 204, None, None) for e in ["impression"] + EVENTS]
    return exchanges


def list_attribute(ad):
    return f'X-ASSET-LIST="{ADS}/lists/{ad}.json"'


# hls-vod: 60 s VOD playlists. seek-<policy>.m3u8: breaks A at 10 s and B at 20 s with that
# X-RESTRICT, and C at 40 s without; long-asset.m3u8: one 8 s asset for a DURATION of 5 s;
# timeline.m3u8: X-TIMELINE-OCCUPIES and X-TIMELINE-STYLE.
POLICIES = {"none": None, "jump": "JUMP", "skip": "SKIP", "skip-jump": "SKIP,JUMP"}


def hls_vod():
    exchanges = []
    for name, restrict in POLICIES.items():
        url = f"{CDN}/vod/seek-{name}.m3u8"
        pid = primary_id(url)
        rule = f',X-RESTRICT="{restrict}"' if restrict else ""
        extra = [
            interstitial("A", 10, list_attribute(f"{name}-a") + ",X-RESUME-OFFSET=0" + rule),
            interstitial("B", 20, list_attribute(f"{name}-b") + ",X-RESUME-OFFSET=0" + rule),
            interstitial("C", 40, list_attribute(f"{name}-c") + ",X-RESUME-OFFSET=0"),
        ]
        exchanges.append((url, 200, M3U, playlist(6, 10, extra=extra)))
        for part in "abc":
            exchanges += ad_exchanges(f"{name}-{part}", 4, pid)
    url = f"{CDN}/vod/long-asset.m3u8"
    exchanges.append((url, 200, M3U, playlist(6, 10, extra=[interstitial("L", 10, list_attribute("long") + ",DURATION=5")])))
    exchanges += ad_exchanges("long", 8, primary_id(url))
    # timeline.m3u8: how a timeline shows them (the HTML report draws it): "range" at 10 s over
    # 6 s of content, shown as content; "point" at 30 s, shown as an ad (the defaults).
    url = f"{CDN}/vod/timeline.m3u8"
    range_attributes = ',DURATION=6,X-TIMELINE-OCCUPIES="RANGE",X-TIMELINE-STYLE="PRIMARY"'
    extra = [interstitial("range", 10, list_attribute("range") + range_attributes),
             interstitial("point", 30, list_attribute("point") + ",X-RESUME-OFFSET=0")]
    exchanges.append((url, 200, M3U, playlist(6, 10, extra=extra)))
    exchanges += ad_exchanges("range", 6, primary_id(url)) + ad_exchanges("point", 4, primary_id(url))
    write(HERE + "/hls-vod/recording", exchanges)


def hls_live():
    exchanges = []
    # A live window of five 6 s segments, one further at each reload (every 6 s of the clock):
    # a pre-roll (CUE=PRE) dated at the window's start, and a mid-roll from 20 s to 26 s
    # (DURATION=6), 2 s after where a join 12 s behind the first load's edge starts (18 s). The
    # mid-roll's asset has no VAST: joined 2 s in, a VAST ad's quartiles would still count its
    # whole 6 s (see the README).
    url = f"{CDN}/live/preroll.m3u8"
    pid = primary_id(url)
    extra = [
        interstitial("pre", 0, list_attribute("pre") + ',CUE="PRE"'),
        interstitial("mid", 20, list_attribute("mid") + ",DURATION=6"),
    ]
    for load in range(12):
        exchanges.append((url, 200, M3U, playlist(5, 6, seq=100 + load, extra=extra, live=True, pdt=6 * load)))
    exchanges += ad_exchanges("pre", 4, pid) + ad_exchanges("mid", 6, pid, "&_HLS_start_offset=2", tracked=False)
    # A live window of three 6 s segments, one further at each reload: an interstitial at 6 s
    # with X-RESUME-OFFSET=6 whose one asset lasts 21 s, so the window (18 s to 36 s after the
    # reload at 18 s) has moved past 12 s when it ends.
    url = f"{CDN}/live/resume.m3u8"
    pid = primary_id(url)
    extra = [interstitial("long", 6, list_attribute("live-long") + ",X-RESUME-OFFSET=6")]
    for load in range(14):
        exchanges.append((url, 200, M3U, playlist(3, 6, seq=200 + load, extra=extra, live=True, pdt=6 * load)))
    exchanges += ad_exchanges("live-long", 21, pid)
    write(HERE + "/hls-live/recording", exchanges)


hls_vod()
hls_live()
