/// What a player without a browser does with one verification (see `VASTVerification.plan`).
public enum VASTVerificationPlan: Sendable, Equatable {
  /// Fetch this script: loaded when it answers, else `verificationNotExecuted` with reason 3.
  case load(VASTJavaScriptResource)
  /// Do not run it: `verificationNotExecuted` with this reason, and why (for logs).
  case notExecuted(VASTVerificationReason, String)
}

extension VASTVerification {
  /// Whether to load this verification or report it not executed (IAB VAST 4.3 §3.17): a vendor
  /// in `rejectedVendors`, or missing from `allowedVendors` when there is such a list, is
  /// rejected (1); without an OMID JavaScript resource it is not supported (2); else its
  /// `omidResource` is to be loaded.
  public func plan(allowedVendors: Set<String>?, rejectedVendors: Set<String> = []) -> VASTVerificationPlan {
    let name = vendor.map { "vendor \($0)" } ?? "a verification without a vendor"
    if let vendor, rejectedVendors.contains(vendor) {
      return .notExecuted(.rejected, "\(name) rejected by the integration")
    }
    if let allowedVendors, !(vendor.map(allowedVendors.contains) ?? false) {
      return .notExecuted(.rejected, "\(name) is not on the verification vendor list")
    }
    guard let resource = omidResource else {
      return .notExecuted(.notSupported, "\(name) offers no OMID JavaScript resource (offered: \(offered))")
    }
    return .load(resource)
  }

  /// The resources on offer, for the message of an unsupported verification.
  private var offered: String {
    let scripts = javaScriptResources.map { "JavaScriptResource apiFramework=\($0.apiFramework ?? "none")" }
    let executables = executableResources.map {
      "ExecutableResource apiFramework=\($0.apiFramework ?? "none")"
    }
    let all = scripts + executables
    return all.isEmpty ? "nothing" : all.joined(separator: ", ")
  }
}

extension VASTAdTracker {
  /// `verification` did not run: its `verificationNotExecuted` URLs with `[REASON]`.
  public func verificationNotExecuted(_ verification: VASTVerification, reason: VASTVerificationReason) {
    send(
      "verificationNotExecuted", verification.trackingURLs("verificationNotExecuted"), reason: reason.rawValue
    )
  }
}
