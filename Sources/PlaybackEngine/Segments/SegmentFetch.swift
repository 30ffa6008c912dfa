import Foundation
import HLSKit
import HTTPKit
import PlayerSeam

/// What loading one segment (or init segment) came to, after retries.
struct SegmentAnswer {
  /// The last answer's status, when one came.
  var status: Int?
  /// The body of a 2xx answer (only the requested sub-range).
  var body: [UInt8] = []
  /// Requests made.
  var attempts: Int
  /// Why it failed for good, when it did (names the URL).
  var failure: String?
}

/// Loads segments with retries in virtual time: a network error, timeout or 5xx is retried after
/// a delay (hls.js's defaults, `SegmentOptions`), a 4xx is not; a timeout is not retried once a
/// segment of the source timed out on every try (`SegmentFailures.stalled`). Host thread only.
struct SegmentFetch {
  let http: HTTPClient
  let options: SegmentOptions
  unowned let player: any IntegrationPlayer
  let failures: SegmentFailures

  /// GETs `url` (its `range` only, when given); `completion` runs on the host thread.
  func load(
    _ url: URL, range: HLSByteRange?, kind: RequestKind, attempt: Int = 1,
    completion: @escaping (SegmentAnswer) -> Void
  ) {
    var request = HTTPRequest(url: url, timeout: http.timeout, kind: kind)
    if let range { request.headers["Range"] = range.rangeHeader }
    player.loop.request(request, via: http, label: "segment \(url.absoluteString)") { result in
      let answer = Self.answer(result, range: range, attempt: attempt)
      guard let delay = self.retryDelay(after: result, attempt: attempt) else {
        if case .failure(let error) = result, error.isTimeout { self.failures.stalled = true }
        return completion(answer)
      }
      let again = { self.load(url, range: range, kind: kind, attempt: attempt + 1, completion: completion) }
      if delay > 0 { self.player.loop.after(delay, again) } else { again() }
    }
  }

  /// The delay before the next attempt, or nil when the outcome is final.
  private func retryDelay(after result: Result<HTTPResponse, HTTPError>, attempt: Int) -> Double? {
    switch result {
    case .success(let response):
      guard response.status >= 500 else { return nil }
    case .failure(let error):
      // A stalled request costs wall time on every try, the virtual clock standing still: after
      // one segment stalled through all its tries, a server that stalls again is not waited for again.
      if error.isTimeout { return attempt <= (failures.stalled ? 0 : options.timeoutRetries) ? 0 : nil }
      switch error {
      case .network: break
      default: return nil
      }
    }
    return attempt <= options.errorRetries ? options.errorDelay(beforeRetry: attempt) : nil
  }

  private static func answer(_ result: Result<HTTPResponse, HTTPError>, range: HLSByteRange?, attempt: Int)
    -> SegmentAnswer
  {
    switch result {
    case .failure(let error):
      return SegmentAnswer(attempts: attempt, failure: error.description)
    case .success(let response) where !response.isSuccess:
      return SegmentAnswer(
        status: response.status, attempts: attempt,
        failure: "\(response.url.absoluteString): HTTP status \(response.status)")
    case .success(let response):
      var body = [UInt8](response.body)
      // A server that ignores `Range` answers 200 with the whole resource: cut the sub-range.
      if let range, response.status == 200, body.count > range.length {
        guard range.offset + range.length <= body.count else {
          return SegmentAnswer(
            status: response.status, attempts: attempt,
            failure:
              "\(response.url.absoluteString): the byte range \(range.rangeHeader) is past the body's \(body.count) bytes"
          )
        }
        body = Array(body[range.offset..<(range.offset + range.length)])
      }
      return SegmentAnswer(status: response.status, body: body, attempts: attempt)
    }
  }
}
