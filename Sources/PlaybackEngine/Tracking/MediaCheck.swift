import Foundation
import HTTPKit
import PlayerSeam
import VASTKit

extension PlaybackEngine {
  /// The bytes a media check asks for: enough to start, as a player would.
  static let mediaCheckRange = "bytes=0-1023"

  /// With `checksMedia`, requests the first bytes of a tracked VAST ad's media file (its
  /// `resourceURI`) as it begins. No answer, or an error status, is VAST error 402 (401 for 404
  /// or 410: not found); a served `Content-Type` that contradicts `MediaFile@type` is 405. Each
  /// pings the ad's Error URLs with `[ERRORCODE]` and is an `aderror`; the content plays on.
  func checkMedia(_ ad: any IntegrationAd) {
    guard checksMedia, let tracking = trackers[ad.serial], let uri = ad.resourceURI,
      let url = URL(string: uri), url.scheme != nil
    else { return }
    let expected = tracking.mediaType
    let request = HTTPRequest(
      url: url, headers: ["range": Self.mediaCheckRange], timeout: http.timeout, kind: .media)
    loop.startWork("media \(uri)") { done in
      http.send(request) { done(Self.mediaProblem($0, expected: expected)) }
    } completion: { [weak self] problem in
      guard let problem, let self else { return }
      reportMediaProblem(ad, url: uri, problem)
    }
  }

  private func reportMediaProblem(
    _ ad: any IntegrationAd, url: String, _ problem: (code: VASTErrorCode, reason: String)
  ) {
    withTracker(ad, "error") { $0.error(problem.code) }
    let message =
      "media file \(url) of ad \"\(ad.id)\": \(problem.reason) (VAST error \(problem.code.rawValue))"
    player.ads.controller(for: ad.integration)?.error(IntegrationError(message))
  }

  /// What is wrong with a media check's answer, if anything.
  static func mediaProblem(_ result: Result<HTTPResponse, HTTPError>, expected: String?) -> (
    code: VASTErrorCode, reason: String
  )? {
    switch result {
    case .failure(let error):
      return (.mediaFileTimeout, error.isTimeout ? "no answer within the timeout" : "\(error)")
    case .success(let response) where response.status == 404 || response.status == 410:
      return (.mediaFileNotFound, "not found (HTTP \(response.status))")
    case .success(let response) where !response.isSuccess:
      return (.mediaFileTimeout, "HTTP status \(response.status)")
    case .success(let response):
      guard let expected, let served = response.headers["content-type"],
        contradicts(served: served, expected: expected)
      else { return nil }
      return (.mediaFileDisplay, "served as \(served), but its MediaFile type is \(expected)")
    }
  }

  /// Whether a served type contradicts the expected one: both named (a generic binary type
  /// says nothing) and different, parameters and case aside.
  static func contradicts(served: String, expected: String) -> Bool {
    func essence(_ type: String) -> String {
      String(type.split(separator: ";").first ?? "").trimmingCharacters(in: .whitespaces).lowercased()
    }
    let (given, wanted) = (essence(served), essence(expected))
    let generic: Set<String> = ["", "application/octet-stream", "binary/octet-stream"]
    return !generic.contains(given) && !wanted.isEmpty && given != wanted
  }
}
