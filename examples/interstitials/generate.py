#!/usr/bin/env python3
"""Writes the offline recordings of examples/interstitials (vod, live) and
examples/mediatailor/guided: `python3 examples/interstitials/generate.py`.

The `_HLS_primary_id` values are those the host derives for each example's media playlist URL
(InterstitialPlayer.primaryId): repeatable, so the recorded request URLs match. After changing a
media playlist's URL, run the example with --allow-unmatched to read the new value.
"""
import json, os, shutil
from urllib.parse import urlsplit, parse_qsl, urlunsplit

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")

def key(method, url):
    p = urlsplit(url)
    q = sorted(parse_qsl(p.query, keep_blank_values=True))
    query = "&".join(f"{k}={v}" for k, v in q)
    return method + " " + urlunsplit((p.scheme, p.netloc, p.path, query, ""))

def write(folder, exchanges):
    os.makedirs(folder + "/bodies", exist_ok=True)
    out = []
    for n, (url, status, ctype, body) in enumerate(exchanges):
        entry = {"key": key("GET", url), "method": "GET", "status": status, "url": url,
                 "headers": {"content-type": ctype} if ctype else {}}
        if body is not None:
            name = "bodies/%06d.bin" % n
            open(folder + "/" + name, "w").write(body)
            entry["body"] = name
        out.append(entry)
    json.dump({"version": 1, "exchanges": out}, open(folder + "/index.json", "w"), indent=2)
    open(folder + "/index.json", "a").write("\n")

M3U = "application/vnd.apple.mpegurl"
def media(segments, seg=10, pdt=None, extra="", endlist=True, seq=0, prefix="s"):
    lines = ["#EXTM3U", "#EXT-X-VERSION:7", f"#EXT-X-TARGETDURATION:{seg}", f"#EXT-X-MEDIA-SEQUENCE:{seq}"]
    if endlist: lines.append("#EXT-X-PLAYLIST-TYPE:VOD")
    if pdt: lines.append(f"#EXT-X-PROGRAM-DATE-TIME:{pdt}")
    lines += [l.strip() for l in extra.strip().split("\n") if l.strip()]
    for i in range(segments):
        lines += [f"#EXTINF:{seg:.3f},", f"{prefix}{seq + i}.ts"]
    if endlist: lines.append("#EXT-X-ENDLIST")
    return "\n".join(lines) + "\n"

def vast(ad_id, seconds, track):
    events = ["start", "firstQuartile", "midpoint", "thirdQuartile", "complete"]
    tracking = "\n".join(f'            <Tracking event="{e}"><![CDATA[{track}/{e}]]></Tracking>' for e in events)
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<VAST version="4.1">
  <Ad id="{ad_id}">
    <InLine>
      <AdSystem>adhost example</AdSystem>
      <AdTitle>{ad_id}</AdTitle>
      <Impression><![CDATA[{track}/impression]]></Impression>
      <Creatives>
        <Creative id="cr-{ad_id}">
          <Linear>
            <Duration>00:00:{seconds:02d}.000</Duration>
            <TrackingEvents>
{tracking}
            </TrackingEvents>
            <MediaFiles>
              <MediaFile delivery="streaming" type="application/x-mpegURL" width="1280" height="720"><![CDATA[https://ads.example/{ad_id}/index.m3u8]]></MediaFile>
            </MediaFiles>
          </Linear>
        </Creative>
      </Creatives>
    </InLine>
  </Ad>
</VAST>
"""


def vod():
    PID = "A43988F4-0CCB-E260-3B33-2299AF59D031"
    folder = os.path.join(ROOT, "interstitials/vod/recording")
    shutil.rmtree(folder, ignore_errors=True)
    CT = "https://cdn.example/interstitials/vod"
    I = 'CLASS="com.apple.hls.interstitial"'
    extra = f"""
    #EXT-X-DATERANGE:ID="pre",{I},START-DATE="2026-11-29T12:00:00.000Z",CUE="PRE,ONCE",X-ASSET-URI="https://ads.example/bumper/index.m3u8",X-TIMELINE-STYLE="PRIMARY"
    #EXT-X-DATERANGE:ID="mid1",{I},START-DATE="2026-11-29T12:00:20.000Z",X-ASSET-LIST="https://ads.example/lists/mid1.json",X-RESUME-OFFSET=0,X-RESTRICT="SKIP,JUMP",X-SKIP-CONTROL-OFFSET=5,X-SKIP-CONTROL-LABEL-ID="skip"
    #EXT-X-DATERANGE:ID="mid2",{I},START-DATE="2026-11-29T12:00:41.500Z",X-ASSET-URI="https://ads.example/ad2/index.m3u8",CUE="ONCE",X-SNAP="OUT,IN",X-RESUME-OFFSET=0,X-SKIP-CONTROL-OFFSET=2,X-SKIP-CONTROL-DURATION=2
    #EXT-X-DATERANGE:ID="post",{I},START-DATE="2026-11-29T12:01:00.000Z",CUE="POST",X-ASSET-URI="https://ads.example/bumper/index.m3u8"
    """
    mid1 = {"ASSETS": [
        {"URI": "https://ads.example/ad1/index.m3u8", "DURATION": 10, "X-VAST-URI": "https://ads.example/vast/ad1.xml"},
        {"URI": "https://ads.example/ad2/index.m3u8", "DURATION": 5}]}
    ex = [
      (f"{CT}/main.m3u8", 200, M3U, media(6, 10, "2026-11-29T12:00:00.000Z", extra)),
      (f"https://ads.example/bumper/index.m3u8?_HLS_primary_id={PID}", 200, M3U, media(1, 4, prefix="bumper")),
      (f"https://ads.example/lists/mid1.json?_HLS_primary_id={PID}", 200, "application/json", json.dumps(mid1, indent=2) + "\n"),
      (f"https://ads.example/ad1/index.m3u8?_HLS_primary_id={PID}", 200, M3U, media(2, 5, prefix="ad1-")),
      (f"https://ads.example/ad2/index.m3u8?_HLS_primary_id={PID}", 200, M3U, media(1, 5, prefix="ad2-")),
      ("https://ads.example/vast/ad1.xml", 200, "application/xml", vast("ad1", 10, "https://track.example/ad1")),
    ]
    for e in ["impression", "start", "firstQuartile", "midpoint", "thirdQuartile", "complete"]:
        ex.append((f"https://track.example/ad1/{e}", 204, None, None))
    write(folder, ex)


def live():
    PID = "1EB065DC-F1DA-1BE7-BCCA-336487B4598B"
    folder = os.path.join(ROOT, "interstitials/live/recording")
    shutil.rmtree(folder, ignore_errors=True)
    I = 'CLASS="com.apple.hls.interstitial"'
    extra = f"""
    #EXT-X-DATERANGE:ID="live-ad1",{I},START-DATE="2026-11-29T11:59:50.000Z",DURATION=30,X-ASSET-LIST="https://ads.example/lists/live1.json"
    #EXT-X-DATERANGE:ID="live-ad2",{I},START-DATE="2026-11-29T12:00:25.000Z",X-ASSET-URI="https://ads.example/adC/index.m3u8",X-PLAYOUT-LIMIT=3
    """
    live1 = {"ASSETS": [
        {"URI": "https://ads.example/adA/index.m3u8", "DURATION": 15},
        {"URI": "https://ads.example/adB/index.m3u8", "DURATION": 15, "X-VAST-URI": "https://ads.example/vast/adB.xml"}]}
    ex = [
      ("https://cdn.example/interstitials/live/main.m3u8", 200, M3U, media(6, 5, "2026-11-29T12:00:00.000Z", extra, endlist=False, seq=100)),
      (f"https://ads.example/lists/live1.json?_HLS_primary_id={PID}&_HLS_start_offset=10", 200, "application/json", json.dumps(live1, indent=2) + "\n"),
      (f"https://ads.example/adA/index.m3u8?_HLS_primary_id={PID}", 200, M3U, media(3, 5, prefix="adA-")),
      (f"https://ads.example/adB/index.m3u8?_HLS_primary_id={PID}", 200, M3U, media(3, 5, prefix="adB-")),
      (f"https://ads.example/adC/index.m3u8?_HLS_primary_id={PID}", 200, M3U, media(1, 5, prefix="adC-")),
      ("https://ads.example/vast/adB.xml", 200, "application/xml", vast("adB", 15, "https://track.example/adB")),
    ]
    for e in ["impression", "start", "firstQuartile", "midpoint", "thirdQuartile", "complete"]:
        ex.append((f"https://track.example/adB/{e}", 204, None, None))
    write(folder, ex)


def guided():
    PID = "5C12BA16-58A4-5C37-6C8D-4DCD4D6BFBC9"
    folder = os.path.join(ROOT, "mediatailor/guided/recording")
    shutil.rmtree(folder, ignore_errors=True)
    MT = "https://mediatailor.example"
    SID = "9u1ded"
    I = 'CLASS="com.apple.hls.interstitial"'
    def list_url(avail): return f"{MT}/v1/i-media/5a1e/guided/asset-list.json?aws.sessionId={SID}&availId={avail}"
    extra = f"""
    #EXT-X-DATERANGE:ID="avail-pre",{I},START-DATE="2026-11-29T12:00:00.000Z",CUE="PRE,ONCE",X-ASSET-LIST="{list_url('pre')}",X-RESUME-OFFSET=0
    #EXT-X-DATERANGE:ID="avail-30",{I},START-DATE="2026-11-29T12:00:30.000Z",X-ASSET-LIST="{list_url('30')}",X-RESUME-OFFSET=0,X-SNAP="OUT,IN"
    """
    def ad(ad_id, start, seconds):
        q = {"impression": 0, "start": 0, "firstQuartile": .25, "midpoint": .5, "thirdQuartile": .75, "complete": 1}
        return {"adId": ad_id, "startTimeInSeconds": start, "durationInSeconds": seconds, "trackingEvents": [
            {"eventType": e, "eventId": f"{ad_id}-{e}", "startTimeInSeconds": start + f * seconds,
             "beaconUrls": [f"https://beacons.adserver.example/{ad_id}/{e}"]} for e, f in q.items()]}
    def alist(avail, ads):
        return {"ASSETS": [{"URI": f"{MT}/v1/i-media/5a1e/guided/ads/{a}/index.m3u8", "DURATION": d} for a, _, d in ads],
                "TRACKING": {"avails": [{"availId": avail, "adBreakTrackingEvents": [
                    {"eventType": "breakStart", "beaconUrls": [f"https://beacons.adserver.example/{avail}/breakStart"]},
                    {"eventType": "breakEnd", "beaconUrls": [f"https://beacons.adserver.example/{avail}/breakEnd"]}],
                    "ads": [ad(a, s, d) for a, s, d in ads]}]}}
    master = "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=2000000,RESOLUTION=1280x720\n720p.m3u8?aws.sessionId=9u1ded\n"
    pre = [("pre-1", 100, 10)]
    mid = [("mid-1", 230, 10), ("mid-2", 240, 5)]
    ex = [
      (f"{MT}/v1/master/5a1e/guided/index.m3u8?aws.sessionId={SID}", 200, M3U, master),
      (f"{MT}/v1/master/5a1e/guided/720p.m3u8?aws.sessionId={SID}", 200, M3U, media(6, 10, "2026-11-29T12:00:00.000Z", extra)),
      (list_url("pre") + f"&_HLS_primary_id={PID}", 200, "application/json", json.dumps(alist("pre", pre), indent=2) + "\n"),
      (list_url("30") + f"&_HLS_primary_id={PID}", 200, "application/json", json.dumps(alist("30", mid), indent=2) + "\n"),
    ]
    for a, _, d in pre + mid:
        ex.append((f"{MT}/v1/i-media/5a1e/guided/ads/{a}/index.m3u8?_HLS_primary_id={PID}", 200, M3U, media(1, d, prefix=a + "-")))
    for avail in ["pre", "30"]:
        for e in ["breakStart", "breakEnd"]:
            ex.append((f"https://beacons.adserver.example/{avail}/{e}", 204, None, None))
    for a, _, _ in pre + mid:
        for e in ["impression", "start", "firstQuartile", "midpoint", "thirdQuartile", "complete"]:
            ex.append((f"https://beacons.adserver.example/{a}/{e}", 204, None, None))
    write(folder, ex)
    # The session POST goes first.
    idx = json.load(open(folder + "/index.json"))
    body = json.dumps({"manifestUrl": f"/v1/master/5a1e/guided/index.m3u8?aws.sessionId={SID}",
                       "trackingUrl": f"/v1/tracking/5a1e/guided/{SID}"}) + "\n"
    open(folder + "/bodies/session.bin", "w").write(body)
    idx["exchanges"].insert(0, {"key": f"POST {MT}/v1/session/5a1e/guided/index.m3u8", "method": "POST", "status": 200,
      "url": f"{MT}/v1/session/5a1e/guided/index.m3u8", "headers": {"content-type": "application/json"}, "body": "bodies/session.bin"})
    json.dump(idx, open(folder + "/index.json", "w"), indent=2)
    open(folder + "/index.json", "a").write("\n")


if __name__ == "__main__":
    vod()
    live()
    guided()
