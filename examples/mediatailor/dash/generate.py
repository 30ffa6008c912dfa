#!/usr/bin/env python3
"""Writes the recordings of examples/mediatailor/dash (docs/http.md's format: index.json + bodies/).

Two fictional MediaTailor DASH sessions: VOD (a static multi-period MPD, one Period per ad, Period
id = adId) and live (a dynamic MPD reloaded every 5 s whose ad Periods appear over the reloads;
tracking times relative to availabilityStartTime). Reuses ../generate.py's helpers. Run it from
anywhere:
    python3 examples/mediatailor/dash/generate.py
"""
import base64
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from generate import HOST, Recording, ad, avail, tracking  # noqa: E402

AST = "2026-11-29T12:00:00Z"
# The live run's clock starts 600 s after availabilityStartTime: content time 0 is presentation time 600.
LIVE_START_DATE = "2026-11-29T12:10:00.000Z"
LIVE_ORIGIN = 600


def crc32_mpeg2(data):
    crc = 0xFFFFFFFF
    for byte in data:
        crc ^= byte << 24
        for _ in range(8):
            crc = ((crc << 1) ^ 0x04C11DB7) if crc & 0x80000000 else crc << 1
            crc &= 0xFFFFFFFF
    return crc


def splice_insert(event_id, pts_seconds, duration_seconds):
    """A binary splice_info_section with an out-of-network splice_insert, base64."""
    pts = round(pts_seconds * 90000) % (1 << 33)
    duration = round(duration_seconds * 90000)
    command = event_id.to_bytes(4, "big") + bytes([0x7F, 0xEF])
    command += ((0xFE << 32) | pts).to_bytes(5, "big")  # time_specified_flag, reserved, pts_time
    command += ((0xFE << 32) | duration).to_bytes(5, "big")  # auto_return, reserved, duration
    command += bytes([0, 1, 1, 1])  # unique_program_id 1, avail_num 1, avails_expected 1
    # protocol_version; encrypted_packet, encryption_algorithm, pts_adjustment (5 bytes); cw_index;
    # tier 0xFFF and splice_command_length; splice_command_type 0x05.
    body = bytes([0]) + bytes(5) + bytes([0]) + bytes([0xFF, 0xF0 | (len(command) >> 8), len(command) & 0xFF, 0x05])
    body += command + bytes([0, 0])  # descriptor_loop_length 0
    length = len(body) + 4  # what follows section_length, the CRC_32 included
    section = bytes([0xFC, 0x30 | (length >> 8), length & 0xFF]) + body
    return base64.b64encode(section + crc32_mpeg2(section).to_bytes(4, "big")).decode()


def period(period_id, start, duration=None, events=""):
    attributes = f'id="{period_id}" start="PT{start}S"' + (f' duration="PT{duration}S"' if duration else "")
    return (f"  <Period {attributes}>\n{events}"
            f'    <AdaptationSet mimeType="video/mp4"><Representation id="720p" bandwidth="2000000"/></AdaptationSet>\n'
            "  </Period>\n")


def xml_splice(event_id, start, duration):
    """An EventStream with a SCTE-35 XML splice_insert at the Period's start."""
    ticks = 90000
    return (
        f'    <EventStream schemeIdUri="urn:scte:scte35:2013:xml" timescale="{ticks}">\n'
        f'      <Event id="{event_id}" presentationTime="0" duration="{duration * ticks}">\n'
        f'        <scte35:SpliceInfoSection ptsAdjustment="0">\n'
        f'          <scte35:SpliceInsert spliceEventId="{event_id}" outOfNetworkIndicator="true" spliceEventCancelIndicator="false">\n'
        f'            <scte35:Program><scte35:SpliceTime ptsTime="{start * ticks}"/></scte35:Program>\n'
        f'            <scte35:BreakDuration autoReturn="true" duration="{duration * ticks}"/>\n'
        "          </scte35:SpliceInsert>\n        </scte35:SpliceInfoSection>\n      </Event>\n    </EventStream>\n")


def binary_splice(event_id, period_start, at, duration):
    """An EventStream with a SCTE-35 binary splice_insert `at` (presentation seconds)."""
    return (
        '    <EventStream schemeIdUri="urn:scte:scte35:2014:xml+bin" timescale="1000">\n'
        f'      <Event id="{event_id}" presentationTime="{(at - period_start) * 1000}" duration="{duration * 1000}">\n'
        f"        <scte35:Signal><scte35:Binary>{splice_insert(event_id, at, duration)}</scte35:Binary></scte35:Signal>\n"
        "      </Event>\n    </EventStream>\n")


def mpd(attributes, periods):
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            '<MPD xmlns="urn:mpeg:dash:schema:mpd:2011" xmlns:scte35="http://www.scte.org/schemas/35/2016"\n'
            f'     profiles="urn:mpeg:dash:profile:isoff-live:2011" minBufferTime="PT2S" {attributes}>\n'
            + "".join(periods) + "</MPD>\n")


class DatedRecording(Recording):
    def __init__(self, folder, start_date=None):
        super().__init__(folder)
        self.start_date = start_date

    def save(self):
        super().save()
        if self.start_date:
            path = os.path.join(self.folder, "index.json")
            with open(path) as handle:
                index = json.load(handle)
            index["startDate"] = self.start_date
            with open(path, "w") as handle:
                json.dump(index, handle, indent=2, sort_keys=True)
                handle.write("\n")


def session(recording, name, session_id):
    recording.add("POST", f"{HOST}/v1/session/5a1e/{name}/index.mpd", json.dumps({
        "manifestUrl": f"/v1/dash/5a1e/{name}/index.mpd?aws.sessionId={session_id}",
        "trackingUrl": f"/v1/tracking/5a1e/{name}/{session_id}",
    }, indent=2) + "\n", "application/json")


def vod():
    recording = DatedRecording(os.path.join(HERE, "vod", "recording"))
    session(recording, "dash-vod", "da5h0001")
    periods = [
        period("pre-1", 0, 10), period("pre-2", 10, 5), period("content-1", 15, 15),
        period("mid1-1", 30, 10, xml_splice(30, 30, 10)), period("content-2", 40, 15),
        period("mid2-1", 55, 10), period("content-3", 65, 15),
    ]
    recording.add("GET", f"{HOST}/v1/dash/5a1e/dash-vod/index.mpd?aws.sessionId=da5h0001",
                  mpd('type="static" mediaPresentationDuration="PT80S"', periods), "application/dash+xml")
    avails = [
        avail("pre", 0, 15, [ad("pre-1", 0, 10, "00:00:05.000"), ad("pre-2", 10, 5)]),
        avail("mid1", 30, 10, [ad("mid1-1", 30, 10, "00:00:05.000")]),
        avail("mid2", 55, 10, [ad("mid2-1", 55, 10)]),
    ]
    recording.add("GET", f"{HOST}/v1/tracking/5a1e/dash-vod/da5h0001", tracking(avails), "application/json")
    recording.beacons(avails)
    recording.save()


def live():
    recording = DatedRecording(os.path.join(HERE, "live", "recording"), LIVE_START_DATE)
    session(recording, "dash-live", "1ived0a5")
    o = LIVE_ORIGIN
    live_attributes = (f'type="dynamic" availabilityStartTime="{AST}" publishTime="{LIVE_START_DATE}" '
                       'minimumUpdatePeriod="PT5S" timeShiftBufferDepth="PT30S"')
    signal = binary_splice(1, o - 60, o + 20, 20)
    # One MPD per reload (every 5 s from 0): the content Period alone, then the first ad Period
    # (from the reload at 10 s), the second (25 s), and the content after the break (35 s).
    loads = []
    for reload in range(0, 13):
        periods = []
        if reload < 2:
            periods.append(period("live-content-1", o - 60, None, signal))
        else:
            # From 55 s the content Period before the break has slid out of the 30 s window.
            if reload < 11:
                periods.append(period("live-content-1", o - 60, 80, signal))
            periods.append(period("live-1a", o + 20, 10))
            if reload >= 5:
                periods.append(period("live-1b", o + 30, 10 if reload >= 7 else None))
            if reload >= 7:
                periods.append(period("live-content-2", o + 40))
        loads.append(mpd(live_attributes, periods))
    for body in loads:
        recording.add("GET", f"{HOST}/v1/dash/5a1e/dash-live/index.mpd?aws.sessionId=1ived0a5",
                      body, "application/dash+xml")
    first = avail("live-1", o + 20, 10, [ad("live-1a", o + 20, 10, "00:00:05.000")])
    grown = avail("live-1", o + 20, 20, [ad("live-1a", o + 20, 10, "00:00:05.000"), ad("live-1b", o + 30, 10)])
    answers = [tracking([]), tracking([]), tracking([first]), tracking([first]), tracking([first]),
               tracking([grown])]
    for answer in answers:
        body = json.loads(answer)
        body["dashAvailabilityStartTime"] = AST
        recording.add("GET", f"{HOST}/v1/tracking/5a1e/dash-live/1ived0a5", json.dumps(body, indent=2) + "\n",
                      "application/json")
    recording.beacons([grown])
    recording.save()


if __name__ == "__main__":
    vod()
    live()
