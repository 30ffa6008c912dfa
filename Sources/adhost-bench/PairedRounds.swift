import Foundation

/// The medians of one round of each side: wall seconds, and CPU seconds of the measuring thread
/// (which a machine loaded by other work inflates less).
struct PairedTimes {
  let model: Double
  let bare: Double
  let modelCPU: Double
  let bareCPU: Double
}

/// Alternating rounds of a model's work and a bare pass over the same input, so that both see
/// the same machine conditions: warm-up rounds first, then rounds for at least `seconds` and
/// `minimumRounds`.
func pairedRounds(
  seconds: Double, minimumRounds: Int, warmUp: Int = 3, model: () -> Void, bare: () -> Void
) -> PairedTimes {
  for _ in 0..<warmUp {
    model()
    bare()
  }
  var modelTimes: [Double] = []
  var bareTimes: [Double] = []
  var modelCPU: [Double] = []
  var bareCPU: [Double] = []
  let start = monotonicSeconds()
  while monotonicSeconds() - start < seconds || modelTimes.count < minimumRounds {
    let (t0, c0) = (monotonicSeconds(), threadCPUSeconds())
    model()
    let (t1, c1) = (monotonicSeconds(), threadCPUSeconds())
    bare()
    let (t2, c2) = (monotonicSeconds(), threadCPUSeconds())
    modelTimes.append(t1 - t0)
    bareTimes.append(t2 - t1)
    modelCPU.append(c1 - c0)
    bareCPU.append(c2 - c1)
  }
  let median = TimelineBench.median
  return PairedTimes(
    model: median(modelTimes), bare: median(bareTimes), modelCPU: median(modelCPU), bareCPU: median(bareCPU))
}

/// CPU seconds the calling thread has used.
func threadCPUSeconds() -> Double {
  var now = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
  return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}
