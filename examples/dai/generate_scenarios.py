#!/usr/bin/env python3
"""Writes examples/dai/vod/tests/*.scenario.json from server.py's tags, so that each scenario's
`beacons` expectations name every media-verification ping with its ad, its tracking event and its
virtual time (the pings are beacons of the ads they track: docs/dai.md#pings-as-beacons)."""
import json
import os

import server

HERE = os.path.dirname(os.path.abspath(__file__))
BASE = "http://127.0.0.1:18231"
VERIFY = BASE + "/view/p/service/vod/stream/s-1/media/"
STREAM = BASE + "/ondemand/v1/hls/content/cms-1/vid/video-1/stream"
COMMON = {"plugin": "../../../../plugins/dai.lua", "source": "../source.json", "offline": "../recording"}
STREAM_REQUEST = {"method": "POST", "url": STREAM, "at": 0,
                  "headers": {"Content-Type": "application/x-www-form-urlencoded", "Authorization": "*"},
                  "body": {"cust_params": "section=sports", "dai-sam-id": "sam-example"}}


# The tracking event each id stands for (its ad's `events` entry at its time), by the id's suffix.
EVENTS = {"start": "start", "fq": "firstQuartile", "mid": "midpoint", "tq": "thirdQuartile", "end": "complete"}


def ping(tag, at):
    """A beacon expectation: the ping of `tag`, a beacon of its ad named after its event, at `at`."""
    _, ad, suffix = tag.split("_")
    return {"event": EVENTS[suffix], "ad": ad, "url": VERIFY + tag, "at": at}


def pings(keep, at=lambda time: time):
    """Expectations: each tag kept pinged once at its time; the others never."""
    found = [ping(tag, at(time)) for tag, time in server.TAGS if keep(tag, time)]
    never = [{"url": VERIFY + tag} for tag, time in server.TAGS if not keep(tag, time)]
    return found, never


def write(name, description, **members):
    scenario = {"description": description, **COMMON, **members}
    with open(os.path.join(HERE, "vod", "tests", name + ".scenario.json"), "w") as handle:
        json.dump(scenario, handle, indent=2)
        handle.write("\n")


def ads(*triples):
    return [event for ad_id, begin, end in triples for event in
            ({"type": "adbegin", "ad": ad_id, "at": begin}, {"type": "adend", "ad": ad_id, "at": end})]


found, never = pings(lambda tag, time: True)
write("play-through", "The whole stream: the stream request (form body with adTagParameters and the "
      "Stream Activity Monitor id, the API key in Authorization), the pre-roll at 0 and the two-ad mid-roll at "
      "18 s from ad_breaks, and every google_ id of the segments' timed ID3 pinged once at its time, as a beacon "
      "of its ad named after the event it stands for",
      events=ads(("pre1", 0, 6), ("mid1", 18, 24), ("mid2", 24, 30)) + [{"type": "ended", "at": 48}],
      noEvents=[{"type": "adskip"}, {"type": "aderror"}],
      beacons=found, noOtherBeacons=True,
      requests=[STREAM_REQUEST], noRequests=never)

# The seek at 10 s lands the playhead on the mid-roll's start (content 18 s): 8 s earlier on the clock.
found, _ = pings(lambda tag, time: True, at=lambda time: time if time < 18 else time - 8)
write("seek-over-mid-roll", "A seek at 10 s to 40 s jumps over the mid-roll: seekOver 'last' (the default) "
      "plays it first, from its start (content 18 s, clock 10 s), then goes on to 40 s; every id is pinged "
      "once, the mid-roll's at their times in the break as it plays",
      actions=[{"at": 10, "do": "seek", "to": 40}],
      events=ads(("pre1", 0, 6)) + [{"type": "adbegin", "ad": "mid1", "at": 10, "contentTime": 18},
                                   {"type": "adend", "ad": "mid1", "at": 16, "contentTime": 24},
                                   {"type": "adbegin", "ad": "mid2", "at": 16, "contentTime": 24},
                                   {"type": "adend", "ad": "mid2", "at": 22, "contentTime": 30},
                                   {"type": "ended", "at": 30, "contentTime": 48}],
      noEvents=[{"type": "adskip"}, {"type": "aderror"}],
      beacons=found, noOtherBeacons=True,
      requests=[STREAM_REQUEST])

found, never = pings(lambda tag, time: True)
write("skip-refused", "DAI ads carry no skip offset: a skip asked at 20 s in mid1 is refused, the ad plays "
      "on and every id is pinged at its time",
      actions=[{"at": 20, "do": "skip"}],
      events=ads(("pre1", 0, 6), ("mid1", 18, 24), ("mid2", 24, 30)),
      noEvents=[{"type": "adskip"}, {"type": "aderror"}],
      beacons=found, noOtherBeacons=True,
      requests=[STREAM_REQUEST], noRequests=never)

found, never = pings(lambda tag, time: time < 20)
write("seek-out-of-break", "A seek at 20 s, part-way into mid1, to 40 s leaves the mid-roll: mid1 is "
      "skipped (an early return), the break removed, mid2 never begins; the ids after 20 s are never reached, "
      "so never pinged",
      actions=[{"at": 20, "do": "seek", "to": 40}],
      events=ads(("pre1", 0, 6)) + [{"type": "adbegin", "ad": "mid1", "at": 18},
                                   {"type": "adskip", "ad": "mid1", "at": 20},
                                   {"type": "removeadbreak", "break": 18, "at": 20}],
      noEvents=[{"type": "adbegin", "ad": "mid2"}, {"type": "aderror"}],
      beacons=found, noOtherBeacons=True,
      requests=[STREAM_REQUEST], noRequests=never,
      )

write("stream-request-fails", "The stream request answers 500: there is no stream to play, so the failure "
      "is fatal as in THEOplayer's DAI integration (player error 10000 naming the URL and status, exit 70); "
      "no ad, no ping",
      faults={"rules": [{"kind": "session", "fault": "status", "status": 500}]},
      exit=70,
      events=[{"type": "error", "at": 0, "fields": {"code": 10000, "message":
              "Google DAI stream request " + STREAM + " failed: HTTP 500"}}],
      noEvents=[{"type": "playing"}, {"type": "addadbreak"}],
      requests=[STREAM_REQUEST], noRequests=[{"url": VERIFY + "*"}])

found, never = pings(lambda tag, time: True)
write("refused-ping", "The verification endpoint answers 500 to mid1's midpoint id (an aderror, playback "
      "goes on) and 404 to its third-quartile id (Google's 'unknown or already counted': logged, no aderror, "
      "harmless to the strict rules by DAI's tracking vocabulary); each id is still asked once. The 500 is "
      "injected, so the strict rule beacon-answered, which it breaks, is off",
      strict={"off": ["beacon-answered"]},
      faults={"rules": [{"url": VERIFY + "google_mid1_mid", "fault": "status", "status": 500},
                        {"url": VERIFY + "google_mid1_tq", "fault": "status", "status": 404}]},
      events=ads(("pre1", 0, 6), ("mid1", 18, 24), ("mid2", 24, 30)),
      errors=[{"message": "Google DAI media verification " + VERIFY + "google_mid1_mid failed: HTTP 500",
               "ad": "mid1"}],
      beacons=found, noOtherBeacons=True,
      requests=[STREAM_REQUEST], noRequests=never)
