extension BMFFWalker {
  /// The scan: tracks' times from the fragments, then each v0 `emsg` placed after the first
  /// `tfdt`, and the messages that could not be decoded told as issues.
  mutating func finish() -> MediaScan {
    // A segment has a track or two: their times are gathered in a short array, not a dictionary.
    var streams: [StreamTimes] = []
    for fragment in fragments {
      guard let timescale = initInfo.timescales[fragment.track], let start = fragment.decodeTime else {
        scan.issues.append(MediaError(at: 0, "track \(fragment.track): no timescale (init segment) or tfdt"))
        continue
      }
      let first = Double(start) / Double(timescale)
      let last = Double(start &+ fragment.duration) / Double(timescale)
      if let index = streams.firstIndex(where: { $0.id == fragment.track }) {
        streams[index].first = min(streams[index].first, first)
        streams[index].last = max(streams[index].last, last)
      } else {
        streams.append(StreamTimes(id: fragment.track, streamType: 0, first: first, last: last))
      }
    }
    streams.sort { $0.id < $1.id }
    scan.streams = streams
    // A v0 emsg's delta counts from the segment's earliest presentation time: the first traf's tfdt.
    let earliest = fragments.first.flatMap { fragment in
      fragment.decodeTime.flatMap { time in
        initInfo.timescales[fragment.track].map { Double(time) / Double($0) }
      }
    }
    for message in messages {
      if message.relative {
        if earliest == nil {
          scan.issues.append(
            MediaError(at: message.offset, "emsg v0: no tfdt to count presentation_time_delta from; 0 used"))
        }
        scan.items[message.item].time += earliest ?? 0
      }
      if let failure = message.failure { scan.issues.append(failure) }
    }
    scan.boundIssues(end: bytes.count)
    return scan
  }
}
