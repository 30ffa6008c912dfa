extension BMFFWalker {
  /// The scan: tracks' times from the fragments, then each `emsg` placed in time and decoded.
  mutating func finish() -> MediaScan {
    var byTrack: [UInt32: StreamTimes] = [:]
    for fragment in fragments {
      guard let timescale = initInfo.timescales[fragment.track], let start = fragment.decodeTime else {
        scan.issues.append(MediaError(at: 0, "track \(fragment.track): no timescale (init segment) or tfdt"))
        continue
      }
      let first = Double(start) / Double(timescale)
      let last = Double(start &+ fragment.duration) / Double(timescale)
      var times =
        byTrack[fragment.track] ?? StreamTimes(id: fragment.track, streamType: 0, first: first, last: last)
      times.first = min(times.first, first)
      times.last = max(times.last, last)
      byTrack[fragment.track] = times
    }
    scan.streams = byTrack.keys.sorted().compactMap { byTrack[$0] }
    // A v0 emsg's delta counts from the segment's earliest presentation time: the first traf's tfdt.
    let earliest = fragments.first.flatMap { fragment in
      fragment.decodeTime.flatMap { time in
        initInfo.timescales[fragment.track].map { Double(time) / Double($0) }
      }
    }
    scan.items.reserveCapacity(messages.count)
    for (offset, var message) in messages {
      let ticks = Double(message.presentationTime) / Double(message.timescale)
      var time = ticks
      if message.version == 0 {
        if earliest == nil {
          scan.issues.append(
            MediaError(at: offset, "emsg v0: no tfdt to count presentation_time_delta from; 0 used"))
        }
        time += earliest ?? 0
      }
      do { message.decoded = try EventMessageReader.decode(message) } catch {
        scan.issues.append(
          MediaError(
            at: offset,
            "emsg \(message.id) (\(message.schemeIdUri)): its message cannot be read: \(error.message)"))
      }
      let duration =
        message.eventDuration == 0xFFFF_FFFF ? nil : Double(message.eventDuration) / Double(message.timescale)
      scan.items.append(TimedMetadata(time: time, duration: duration, payload: .emsg(message)))
    }
    if scan.issues.count > TSReader.maxIssues {
      let more = scan.issues.count - TSReader.maxIssues
      scan.issues.removeLast(more)
      scan.issues.append(MediaError(at: bytes.count, "\(more) more issues were not kept"))
    }
    return scan
  }
}
