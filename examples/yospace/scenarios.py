#!/usr/bin/env python3
"""Writes examples/yospace/tests/*.scenario.json from fixture.py's streams, so that each
scenario's `beacons` name every beacon of every ad with its content time (docs/yospace.md)."""
import json
import os

import fixture

HERE = os.path.dirname(os.path.abspath(__file__))
BASE = "http://127.0.0.1:18240"
PLUGIN = "../../../plugins/yospace.lua"
SHARES = [("impression", 0), ("start", 0), ("firstQuartile", 0.25), ("midpoint", 0.5),
          ("thirdQuartile", 0.75), ("complete", 1)]
TOLERANCE = 0.5  # docs/yospace.md: each beacon within ±0.5 s of its content time


def ad(stream, ymid):
    return next(found for found in fixture.ads(stream) if found[0] == ymid)


def beacons(stream, ymid, keep=lambda event, time: True, joined=None, shift=None):
    """Each beacon of the ad kept, once, at its content time (`joined`: impression and start there);
    with `shift`, at virtual time content time + shift instead (a seek moved the clock off it)."""
    _, start, seconds, _ = ad(stream, ymid)
    found = []
    for event, share in SHARES:
        time = start + share * seconds
        if joined is not None and event in ("impression", "start"):
            time = joined
        if keep(event, time):
            found.append({"event": event, "ad": ymid, "url": f"{BASE}/track/{ymid}/{event}",
                          "tolerance": TOLERANCE, **({"contentTime": time} if shift is None else {"at": time + shift})})
    return found


def played(stream, *ymids):
    found = []
    for ymid in ymids:
        _, start, seconds, _ = ad(stream, ymid)
        found += [{"type": "adbegin", "ad": ymid, "contentTime": start},
                  {"type": "adend", "ad": ymid, "contentTime": start + seconds}]
    return found


def every(stream):
    return [found[0] for found in fixture.ads(stream)]


def write(name, stream, description, until=None, **members):
    scenario = {"description": description, "plugin": PLUGIN, "source": f"../{stream}/source.json",
                "offline": f"../{stream}/recording"}
    if until:
        scenario["until"] = until
    scenario.update(members)
    os.makedirs(os.path.join(HERE, "tests"), exist_ok=True)
    with open(os.path.join(HERE, "tests", name + ".scenario.json"), "w") as handle:
        json.dump(scenario, handle, indent=2)
        handle.write("\n")


def all_beacons(stream):
    return [expected for ymid in every(stream) for expected in beacons(stream, ymid)]


def main():
    live = "live-ts"
    write("live-play-through", live,
          "Live MPEG-TS, 300 s: the CSM's 302 to the session, the analytics polled every 5 s (breaks at "
          "120 and 240 s only in later answers), five ads placed by the YMID/YSEQ/YTYP/YDUR tags of "
          "their segments' timed ID3, each beacon once at its content time, credited to its ad",
          until=310, events=played(live, *every(live)) + [{"type": "ended", "contentTime": 300}],
          noEvents=[{"type": "aderror"}, {"type": "adskip"}], beacons=all_beacons(live), noOtherBeacons=True,
          requests=[{"method": "GET", "url": f"{BASE}/csm/extlive/acc/live-ts.m3u8?yo.av=4", "at": 0},
                    {"method": "GET", "url": f"{BASE}/csm/session/live-ts/analytics",
                     "at": [5 * n for n in range(61)], "between": [0, 300]}])
    write("live-late-join", live,
          "Live joined 5 s into the 12 s ad at 0 (liveStart 13): the ad begins as a late join "
          "(joinedAt 5), its impression and start at the join, the first quartile (3 s) never, the "
          "midpoint, third quartile and complete at their content times",
          until=40, liveStart=13,
          events=[{"type": "adbegin", "ad": "y-p1", "contentTime": 5, "fields": {"joinedAt": 5}},
                  {"type": "adend", "ad": "y-p1", "contentTime": 12},
                  {"type": "adbegin", "ad": "y-a1", "contentTime": 30}],
          noEvents=[{"type": "aderror"}],
          beacons=beacons(live, "y-p1", keep=lambda event, time: event != "firstQuartile", joined=5),
          noRequests=[{"url": f"{BASE}/track/y-p1/firstQuartile"}])
    write("repeated-tag", live,
          "The last tag of the ad at 120 s comes again at the start of the next segment (132.5 s): it "
          "names the same ad, which is placed once and beaconed once",
          until=140,
          events=[{"type": "cue", "contentTime": 132.5,
                   "fields": {"cue": {"kind": "id3", "attributes": {"id": "YMID", "text": "y-b1"}}}}],
          noEvents=[{"type": "aderror"}, {"type": "addad", "ad": "y-b1#2"}],
          beacons=[dict(expected, count=1) for expected in beacons(live, "y-b1")])
    write("failed-poll", live,
          "The analytics poll at 10 s answers 500: an aderror names it, the stream and the ads go on, "
          "and the next polls bring the later breaks as before",
          until=310, faults={"rules": [{"url": f"{BASE}/csm/session/live-ts/analytics", "fault": "status",
                                        "status": 500, "nth": 3}]},
          errors=[{"message": "*analytics poll*failed*500*"}],
          events=played(live, *every(live)) + [{"type": "ended", "contentTime": 300}],
          beacons=all_beacons(live), noOtherBeacons=True)

    for name, stream, what in [
            ("cmaf-yospace-emsg", "cmaf-yospace",
             "Live CMAF whose tags are emsg boxes of urn:yospace:a:id3:2016 (KEY=VALUE text)"),
            ("cmaf-id3-emsg", "cmaf-id3",
             "Live CMAF whose tags are ID3 in emsg boxes of https://aomedia.org/emsg/ID3"),
            ("daterange", "daterange",
             "Live MPEG-TS whose ad is an EXT-X-DATERANGE with X-COM-YOSPACE-YMID (no tag in the segments)")]:
        write(name, stream, what + ": the ad at 30 s placed by them, each beacon once at its content time",
              until=70, events=played(stream, *every(stream)) + [{"type": "ended", "contentTime": 60}],
              noEvents=[{"type": "aderror"}], beacons=all_beacons(stream), noOtherBeacons=True)
    write("foreign-emsg", "cmaf-yospace",
          "An emsg of another scheme (urn:example:not-yospace) at 31 s carries YMID=y-x9 text: not a "
          "tag, so no ad y-x9 (THEOplayer's Android connector took any scheme); the real ad plays",
          until=70, noEvents=[{"type": "addad", "ad": "y-x9"}, {"type": "aderror"}],
          events=[{"type": "cue", "contentTime": 31, "fields": {"cue": {"class": "urn:example:not-yospace"}}}],
          beacons=beacons("cmaf-yospace", "y-e1"))
    write("one-emsg", "one-emsg",
          "A single Yospace emsg cue (YSEQ 1:1 at 6.1 s) in the whole stream: THEOplayer's web "
          "connector looped forever on one such cue; here the ad plays and the stream ends",
          until=40, events=played("one-emsg", "y-o1") + [{"type": "ended", "contentTime": 24}],
          noEvents=[{"type": "aderror"}], beacons=all_beacons("one-emsg"), noOtherBeacons=True)
    write("late-analytics", "late",
          "The analytics describe the ad at 30 s only from the poll at 20 s, after its first tags "
          "came with their segment (18 s): the tags are held, the ad is placed at that poll and "
          "plays at its time, each beacon once",
          until=70, events=[{"type": "addad", "ad": "y-l1", "at": 20}] + played("late", "y-l1"),
          noEvents=[{"type": "aderror"}], beacons=all_beacons("late"), noOtherBeacons=True)

    vod = "vod"
    write("vod-play-through", vod,
          "VOD: the analytics fetched once, the breaks at their offsets (12 s; 30 s with two ads), each "
          "beacon once at its content time",
          events=played(vod, *every(vod)) + [{"type": "ended", "contentTime": 48}],
          noEvents=[{"type": "aderror"}, {"type": "adskip"}], beacons=all_beacons(vod), noOtherBeacons=True,
          requests=[{"method": "GET", "url": f"{BASE}/csm/session/vod/analytics", "count": 1}])
    write("vod-seek-over-break", vod,
          "A seek at 2 s to 24 s jumps over the break at 12 s: seekOver last (default) plays it first "
          "(from 2 s on the clock), then goes on to 24 s (at 8 s); the break at 30 s plays as usual "
          "(from 14 s). Beacons by the clock: the complete of the ad at 12 s is logged after the seek "
          "on to 24 s, though sent at content time 18 s (its contentTime field)",
          actions=[{"at": 2, "do": "seek", "to": 24}],
          events=played(vod, *every(vod)) + [{"type": "ended", "contentTime": 48}],
          noEvents=[{"type": "aderror"}, {"type": "adskip"}],
          beacons=beacons(vod, "y-v1", shift=-10) + [expected for ymid in ("y-v2", "y-v3")
                                                   for expected in beacons(vod, ymid, shift=-16)],
          noOtherBeacons=True)
    source = json.load(open(os.path.join(HERE, "vod", "source.json")))
    source["sources"][0]["ssai"]["seekOver"] = "none"
    write("vod-seek-over-none", vod,
          "seekOver none: the seek at 2 s to 24 s goes straight there; the break at 12 s never plays",
          actions=[{"at": 2, "do": "seek", "to": 24}], source=source,
          events=played(vod, "y-v2", "y-v3"), noEvents=[{"type": "adbegin", "ad": "y-v1"}, {"type": "aderror"}],
          beacons=all_beacons(vod)[6:], noOtherBeacons=True)
    source = json.load(open(os.path.join(HERE, "vod", "source.json")))
    source["sources"][0]["ssai"]["seekOver"] = "all"
    write("vod-seek-over-all", vod,
          "seekOver all: the seek at 2 s to 44 s jumps over both breaks, which play first, in order "
          "(12 s from 2 s on the clock, 30 s from 8 s), then the content goes on at 44 s (at 20 s)",
          actions=[{"at": 2, "do": "seek", "to": 44}], source=source,
          events=played(vod, *every(vod)) + [{"type": "seeked", "at": 20, "contentTime": 44},
                                             {"type": "ended", "contentTime": 48}],
          noEvents=[{"type": "aderror"}, {"type": "adskip"}],
          beacons=beacons(vod, "y-v1", shift=-10) + [expected for ymid in ("y-v2", "y-v3")
                                                   for expected in beacons(vod, ymid, shift=-22)],
          noOtherBeacons=True)
    write("vod-seek-out-of-break", vod,
          "A seek at 14 s, 2 s into the ad at 12 s, to 24 s: an early return, the ad skipped (no "
          "midpoint, third quartile or complete) and the break over",
          actions=[{"at": 14, "do": "seek", "to": 24}],
          events=[{"type": "adbegin", "ad": "y-v1", "contentTime": 12}, {"type": "adskip", "ad": "y-v1"}]
          + played(vod, "y-v2", "y-v3"),
          noEvents=[{"type": "adend", "ad": "y-v1"}, {"type": "aderror"}],
          beacons=beacons(vod, "y-v1", keep=lambda event, time: time <= 14) + all_beacons(vod)[6:],
          noOtherBeacons=True)


if __name__ == "__main__":
    main()
