#!/usr/bin/env python3
"""Writes the recordings of examples/mediatailor (docs/http.md's format: index.json + bodies/).

The examples' MediaTailor is fictional (https://mediatailor.example); its answers are written
here rather than recorded, so that they are easy to read and change. Run it from anywhere:
    python3 examples/mediatailor/generate.py
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "_gen"))
from recording import Recording as BaseRecording  # noqa: E402
HOST = "https://mediatailor.example"
BEACONS = "https://beacons.adserver.example"
FALLBACK = "https://cdn.example/content/vod/index.m3u8"


def event(owner, kind, time):
    return {
        "eventId": f"{owner}-{kind}",
        "eventType": kind,
        "startTimeInSeconds": time,
        "durationInSeconds": 0,
        "beaconUrls": [f"{BEACONS}/{owner}/{kind}?cb=[CACHEBUSTING]"],
    }


def ad(ad_id, start, duration, skip=None):
    quarter = duration / 4
    kinds = [("impression", 0), ("start", 0), ("firstQuartile", quarter), ("midpoint", 2 * quarter),
             ("thirdQuartile", 3 * quarter), ("complete", duration)]
    return {
        "adId": ad_id, "creativeId": f"cr-{ad_id}", "adTitle": f"Ad {ad_id}", "adSystem": "Northwind DSP",
        "skipOffset": skip, "startTimeInSeconds": start, "durationInSeconds": duration,
        "trackingEvents": [event(ad_id, kind, start + offset) for kind, offset in kinds],
        "mediaFiles": {"mediaFilesList": [], "mezzanine": ""}, "companionAds": [], "adVerifications": [],
    }


def avail(avail_id, start, duration, ads):
    return {
        "availId": avail_id, "startTimeInSeconds": start, "durationInSeconds": duration,
        "adBreakTrackingEvents": [event(avail_id, "breakStart", start),
                                  event(avail_id, "breakEnd", start + duration)],
        "ads": ads, "nonLinearAdsList": [],
    }


def tracking(avails):
    return json.dumps({"avails": avails, "nonLinearAvails": [], "nextToken": None}, indent=2) + "\n"


def playlist(first, count, live, markers, seconds=5):
    lines = ["#EXTM3U", "#EXT-X-VERSION:6", f"#EXT-X-TARGETDURATION:{seconds}", f"#EXT-X-MEDIA-SEQUENCE:{first}"]
    if not live:
        lines.append("#EXT-X-PLAYLIST-TYPE:VOD")
    seconds_from_noon = first * seconds
    lines.append(f"#EXT-X-PROGRAM-DATE-TIME:2026-11-29T12:{seconds_from_noon // 60:02d}:{seconds_from_noon % 60:02d}.000Z")
    for index in range(first, first + count):
        for marker in markers.get(index, []):
            lines.append(marker)
        lines += [f"#EXTINF:{seconds}.0,", f"segment{index}.ts"]
    if not live:
        lines.append("#EXT-X-ENDLIST")
    return "\n".join(lines) + "\n"


MULTIVARIANT = """#EXTM3U
#EXT-X-STREAM-INF:BANDWIDTH=2000000,RESOLUTION=1280x720,CODECS="avc1.4d401f,mp4a.40.2"
720p.m3u8?aws.sessionId={session}
#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360,CODECS="avc1.4d401e,mp4a.40.2"
360p.m3u8?aws.sessionId={session}
"""


class Recording(BaseRecording):
    def add(self, method, url, body=None, content_type=None, status=200, sent=None):
        self.record(f"{method} {url.split('?cb=')[0]}", method, url, body, content_type, status, sent)

    def beacons(self, avails):
        seen = set()
        for each in avails:
            events = each["adBreakTrackingEvents"] + [e for a in each["ads"] for e in a["trackingEvents"]]
            for e in events:
                url = e["beaconUrls"][0].replace("?cb=[CACHEBUSTING]", "")
                if url not in seen:
                    seen.add(url)
                    self.add("GET", url, status=204)


def session(recording, name, session_id, sent=None):
    recording.add("POST", f"{HOST}/v1/session/5a1e/{name}/index.m3u8", json.dumps({
        "manifestUrl": f"/v1/master/5a1e/{name}/index.m3u8?aws.sessionId={session_id}",
        "trackingUrl": f"/v1/tracking/5a1e/{name}/{session_id}",
    }, indent=2) + "\n", "application/json", sent=sent)


def vod():
    # Format version 2: each request with what it sent, so a replay checks the session POST's body.
    recording = Recording(os.path.join(HERE, "vod", "recording"), keeps_requests=True)
    session(recording, "vod", "7c0ffee1", sent={
        "headers": {"content-type": "application/json"},
        "json": {"adsParams": {"deviceType": "ctv", "userSegment": "sports"}, "reportingMode": "client"},
    })
    recording.add("GET", f"{HOST}/v1/master/5a1e/vod/index.m3u8?aws.sessionId=7c0ffee1",
                  MULTIVARIANT.format(session="7c0ffee1"), "application/vnd.apple.mpegurl")
    markers = {
        0: ["#EXT-X-CUE-OUT:15"], 3: ["#EXT-X-CUE-IN"],
        6: ["#EXT-X-DISCONTINUITY", "#EXT-X-CUE-OUT:10"], 8: ["#EXT-X-DISCONTINUITY", "#EXT-X-CUE-IN"],
        11: ['#EXT-X-DATERANGE:ID="mid2",START-DATE="2026-11-29T12:00:55.000Z",DURATION=10,'
             'SCTE35-OUT=0xFC302000000000000000FFF00506FE00000000000000000000'],
    }
    recording.add("GET", f"{HOST}/v1/master/5a1e/vod/720p.m3u8?aws.sessionId=7c0ffee1",
                  playlist(0, 16, False, markers), "application/vnd.apple.mpegurl")
    avails = [
        avail("pre", 0, 15, [ad("pre-1", 0, 10, "00:00:05.000"), ad("pre-2", 10, 5)]),
        avail("mid1", 30, 10, [ad("mid1-1", 30, 10, "00:00:05.000")]),
        avail("mid2", 55, 10, [ad("mid2-1", 55, 10)]),
    ]
    recording.add("GET", f"{HOST}/v1/tracking/5a1e/vod/7c0ffee1", tracking(avails), "application/json")
    recording.beacons(avails)
    # The same content without ads (45 s), for a `fallbackUrl` when no session can be started.
    recording.add("GET", FALLBACK, playlist(0, 9, False, {}), "application/vnd.apple.mpegurl")
    recording.save()


def live():
    recording = Recording(os.path.join(HERE, "live", "recording"))
    session(recording, "live", "1ive5e55")
    # The playlist slides one 5 s segment per refresh; an avail of two ads [20, 40) is signalled
    # with CUE-OUT/CUE-OUT-CONT/CUE-IN.
    markers = {
        4: ["#EXT-X-CUE-OUT:20"], 5: ["#EXT-X-CUE-OUT-CONT:ElapsedTime=5,Duration=20"],
        6: ["#EXT-X-CUE-OUT-CONT:ElapsedTime=10,Duration=20"],
        7: ["#EXT-X-CUE-OUT-CONT:ElapsedTime=15,Duration=20"], 8: ["#EXT-X-CUE-IN"],
    }
    for refresh in range(0, 12):
        recording.add("GET", f"{HOST}/v1/master/5a1e/live/index.m3u8?aws.sessionId=1ive5e55",
                      playlist(refresh, 4, True, markers), "application/vnd.apple.mpegurl")
    first = avail("live-1", 20, 10, [ad("live-1a", 20, 10, "00:00:05.000")])
    grown = avail("live-1", 20, 20, [ad("live-1a", 20, 10, "00:00:05.000"), ad("live-1b", 30, 10)])
    # Polls at 0, 5, 10, … s: nothing, nothing, the avail's first ad, again, again, then both ads.
    answers = [tracking([]), tracking([]), tracking([first]), tracking([first]), tracking([first]),
               tracking([grown])]
    for answer in answers:
        recording.add("GET", f"{HOST}/v1/tracking/5a1e/live/1ive5e55", answer, "application/json")
    recording.beacons([grown])
    recording.save()


if __name__ == "__main__":
    vod()
    live()
