import Foundation
import HTTPKit
import PlayerSeam
import VASTKit

extension PlaybackEngine {
  /// Simulates, as a tracked VAST ad begins, what an Open Measurement SDK in a browser player
  /// does before creative playback: each verification is either loaded (its OMID script fetched
  /// through the engine's HTTP client, so recorded, replayed and faultable) or not executed, with
  /// `verificationNotExecuted` beaconed with `[REASON]` (1 rejected by the vendor list or the
  /// plugin, 2 no OMID script, 3 the script failed to load). Each outcome is a `verification`
  /// entry. The script is never run.
  func runVerifications(_ ad: any IntegrationAd) {
    guard let tracking = trackers[ad.serial] else { return }
    for verification in tracking.tracker.ad.verifications {
      let plan = verification.plan(
        allowedVendors: verificationVendors, rejectedVendors: tracking.box.rejectedVendors)
      switch plan {
      case .notExecuted(let reason, let why):
        verificationNotExecuted(ad, verification, reason, why, url: nil)
      case .load(let resource):
        loadVerification(ad, verification, resource)
      }
    }
  }

  private func loadVerification(
    _ ad: any IntegrationAd, _ verification: VASTVerification, _ resource: VASTJavaScriptResource
  ) {
    guard let url = URL(string: resource.url), let scheme = url.scheme?.lowercased(),
      scheme == "https" || scheme == "http"
    else {
      verificationNotExecuted(
        ad, verification, .loadFailed, "the script URL is not an http(s) URL", url: resource.url)
      return
    }
    let request = HTTPRequest(url: url, timeout: http.timeout, kind: .verification)
    loop.request(request, via: http, label: "verification \(resource.url)") { [weak self] result in
      guard let engine = self else { return }
      switch result {
      case .success(let response) where response.isSuccess:
        var fields = Self.verificationFields(verification, result: "loaded", url: resource.url)
        fields["status"] = .number(Double(response.status))
        engine.player.appendLog(.verification, adId: ad.id, fields: fields)
      case .success(let response):
        engine.verificationNotExecuted(
          ad, verification, .loadFailed, "the script answered HTTP \(response.status)", url: resource.url)
      case .failure(let error):
        let why =
          error.isTimeout ? "the script did not answer within the timeout" : "the script failed: \(error)"
        engine.verificationNotExecuted(ad, verification, .loadFailed, why, url: resource.url)
      }
    }
  }

  /// Logs a verification not executed and beacons its `verificationNotExecuted` URLs.
  private func verificationNotExecuted(
    _ ad: any IntegrationAd, _ verification: VASTVerification, _ reason: VASTVerificationReason,
    _ why: String, url: String?
  ) {
    var fields = Self.verificationFields(verification, result: "notExecuted", url: url)
    fields["reason"] = .number(Double(reason.rawValue))
    fields["message"] = .string("\(reason.summary): \(why)")
    player.appendLog(.verification, adId: ad.id, fields: fields)
    withTracker(ad, "verificationNotExecuted") { $0.verificationNotExecuted(verification, reason: reason) }
  }

  private static func verificationFields(_ verification: VASTVerification, result: String, url: String?)
    -> JSONObject
  {
    var fields = JSONObject([("result", .string(result))])
    if let vendor = verification.vendor { fields["vendor"] = .string(vendor) }
    if let url { fields["url"] = .string(url) }
    return fields
  }
}
