extension SegmentLoader {
  /// The first segment that ends after what is loaded. Looked for from `cursor` on: the buffer
  /// only grows until the list is replaced (`update`) or a seek starts it over, which set the
  /// cursor again, so each `timeupdate` looks at one segment, not at every one before it.
  func nextToLoad() -> LoadSegment? {
    if cursor > segments.count { cursor = 0 }
    while cursor < segments.count {
      segmentsExamined += 1
      if segments[cursor].endTime > bufferedEnd + 0.0005 { return segments[cursor] }
      cursor += 1
    }
    return nil
  }

  /// The position of the last segment starting at or before `position` (binary search: the
  /// segments are in order of start), or nil when every segment starts after it.
  func landing(at position: Double) -> Int? {
    var (low, high) = (0, segments.count)
    while low < high {
      let middle = (low + high) / 2
      if segments[middle].startTime <= position + 0.0005 { low = middle + 1 } else { high = middle }
    }
    return low > 0 ? low - 1 : nil
  }
}
