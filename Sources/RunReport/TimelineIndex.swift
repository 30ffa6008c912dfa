/// The timeline's ads and breaks by id and break, so that each log entry finds its ad or break
/// without looking at every one before it: a run of N ads is O(N) work, not O(N²).
/// `steps` counts the entries each lookup visits (the tests' measure of the work).
struct TimelineIndex: Sendable {
  /// An ad's id in its break (`nil`: the log named no break).
  struct AdKey: Hashable, Sendable {
    let id: String
    let offset: Double?
  }

  /// Per id and break, the ads added and not yet begun, first added first (begun ones are
  /// skipped when met: `waitingHead` is the first not looked at).
  private var waiting: [AdKey: [Int]] = [:]
  private var waitingHead: [AdKey: Int] = [:]
  /// Per break, how many of its ads have not begun.
  private var waitingCount: [Double?: Int] = [:]
  /// Per break, the virtual times its ads began, in the order they began.
  private var began: [Double?: [Double]] = [:]
  /// Per id, the ads that began and have not ended.
  private var playing: [String: [Int]] = [:]
  /// Per id, every ad with it, in the timeline's order.
  private var byId: [String: [Int]] = [:]
  /// Per break offset, its breaks that have not ended, and its last break.
  private var openBreaks: [Double: [Int]] = [:]
  private var lastBreak: [Double: Int] = [:]
  /// Entries visited by lookups.
  private(set) var steps = 0

  /// Notes a new ad at `index` (begun at once when `begin` is given).
  mutating func added(_ ad: AdSpan, at index: Int) {
    steps += 1
    byId[ad.id, default: []].append(index)
    if let begin = ad.begin {
      began[ad.breakOffset, default: []].append(begin)
      playing[ad.id, default: []].append(index)
    } else {
      waiting[AdKey(id: ad.id, offset: ad.breakOffset), default: []].append(index)
      waitingCount[ad.breakOffset, default: 0] += 1
    }
  }

  /// The first ad with this id in this break that has not begun.
  mutating func firstWaiting(_ key: AdKey, in ads: [AdSpan]) -> Int? {
    guard let queue = waiting[key] else { return nil }
    var head = waitingHead[key] ?? 0
    while head < queue.count && ads[queue[head]].begin != nil {
      steps += 1
      head += 1
    }
    waitingHead[key] = head
    return head < queue.count ? queue[head] : nil
  }

  /// How many ads of the break with `offset` have not begun.
  func waitingCount(_ offset: Double?) -> Int { waitingCount[offset] ?? 0 }

  /// How many ads of the break with `offset` began at or after `time`.
  mutating func begunSince(_ time: Double, offset: Double?) -> Int {
    guard let times = began[offset] else { return 0 }
    var (low, high) = (0, times.count)
    while low < high {
      steps += 1
      let middle = (low + high) / 2
      if times[middle] < time { low = middle + 1 } else { high = middle }
    }
    return times.count - low
  }

  /// Notes that the ad at `index` (which had not) began at `time`.
  mutating func begun(_ ad: AdSpan, at index: Int, time: Double) {
    steps += 1
    waitingCount[ad.breakOffset, default: 1] -= 1
    began[ad.breakOffset, default: []].append(time)
    playing[ad.id, default: []].append(index)
  }

  /// The last (in the timeline's order) ad with `id` that began and has not ended.
  mutating func lastPlaying(_ id: String) -> Int? {
    guard let open = playing[id], !open.isEmpty else { return nil }
    steps += open.count
    return open.max()
  }

  /// Notes that the ad at `index` (which had begun) ended.
  mutating func ended(_ id: String, at index: Int) {
    guard let open = playing[id], let position = open.lastIndex(of: index) else { return }
    steps += open.count - position
    playing[id]?.remove(at: position)
  }

  /// The ad with `id` that began last at or before `time`, else its first.
  mutating func latest(_ id: String, at time: Double, in ads: [AdSpan]) -> Int? {
    guard let indices = byId[id] else { return nil }
    for index in indices.reversed() {
      steps += 1
      if (ads[index].begin ?? .infinity) <= time { return index }
    }
    return indices.first
  }

  /// Notes a break that began, at `index`.
  mutating func breakBegan(_ offset: Double, at index: Int) {
    steps += 1
    openBreaks[offset, default: []].append(index)
    lastBreak[offset] = index
  }

  /// The last break with `offset` that has not ended, taken out of the open ones.
  mutating func endBreak(_ offset: Double) -> Int? {
    steps += 1
    return openBreaks[offset]?.popLast()
  }

  /// The last break with `offset`.
  func lastBreak(_ offset: Double) -> Int? { lastBreak[offset] }
}
