#!/usr/bin/env python3
"""Writes the offline recording of examples/vmap: `python3 examples/vmap/generate.py`.

It answers the schedule (schedule.xml, as is), the VAST of its ad tags, every beacon they and
the schedule's tracking send, and 25 minutes of HLS content.
"""
import json, os
from urllib.parse import urlsplit, parse_qsl, urlunsplit

HERE = os.path.dirname(os.path.abspath(__file__))

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

TRACK = "https://ads.example/t"
EVENTS = ["start", "firstQuartile", "midpoint", "thirdQuartile", "complete"]

def ad(ad_id, seconds, sequence=None):
    seq = f' sequence="{sequence}"' if sequence else ""
    tracking = "\n".join(
        f'          <Tracking event="{e}"><![CDATA[{TRACK}?ad={ad_id}&e={e}]]></Tracking>' for e in EVENTS)
    return f"""  <Ad id="{ad_id}"{seq}>
    <InLine>
      <AdSystem>adhost example</AdSystem>
      <AdTitle>{ad_id}</AdTitle>
      <Impression><![CDATA[{TRACK}?ad={ad_id}&e=impression]]></Impression>
      <Creatives><Creative id="cr-{ad_id}"><Linear>
        <Duration>00:00:{seconds:02d}</Duration>
        <TrackingEvents>
{tracking}
        </TrackingEvents>
        <MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="1280" height="720"><![CDATA[https://cdn.example/ads/{ad_id}.mp4]]></MediaFile></MediaFiles>
      </Linear></Creative></Creatives>
    </InLine>
  </Ad>"""

def vast(version, *ads):
    return f'<?xml version="1.0" encoding="UTF-8"?>\n<VAST version="{version}">\n' + "\n".join(ads) + "\n</VAST>\n"

XML = "application/xml"
tags = {
    "mid-a.xml": vast("4.1", ad("mid-a-1", 8, 1), ad("mid-a-2", 6, 2)),
    "mid-b.xml": vast("3.0", ad("mid-b", 5)),
    "periodic.xml": vast("4.1", ad("periodic", 5)),
    "post.xml": vast("4.1", ad("post", 5)),
}
segments = 150
content = "\n".join(
    ["#EXTM3U", "#EXT-X-VERSION:3", "#EXT-X-TARGETDURATION:10", "#EXT-X-MEDIA-SEQUENCE:0",
     "#EXT-X-PLAYLIST-TYPE:VOD"]
    + [line for i in range(segments) for line in ("#EXTINF:10.000,", f"s{i}.ts")]
    + ["#EXT-X-ENDLIST"]) + "\n"

exchanges = [
    ("https://ads.example/vmap/schedule.xml", 200, XML, open(HERE + "/schedule.xml").read()),
    ("https://cdn.example/vmap/content.m3u8", 200, "application/vnd.apple.mpegurl", content),
]
exchanges += [(f"https://ads.example/vast/{name}", 200, XML, body) for name, body in tags.items()]
beacons = ["https://ads.example/pre/impression", "https://ads.example/pre/start",
           "https://ads.example/vmap/pre/start", "https://ads.example/vmap/pre/end"]
for ad_id in ["mid-a-1", "mid-a-2", "mid-b", "periodic", "post"]:
    beacons += [f"{TRACK}?ad={ad_id}&e={e}" for e in ["impression"] + EVENTS]
exchanges += [(url, 200, None, None) for url in beacons]
write(HERE + "/recording", exchanges)
