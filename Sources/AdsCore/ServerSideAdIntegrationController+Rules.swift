import OutsideText
import PlayerSeam

/// The rules every method of the controller checks, and the wording of their errors.
extension ServerSideAdIntegrationController {
  package func owns(_ adBreak: AdBreak) -> Bool {
    !adBreak.isRemoved && adBreak.owner == serial
  }

  package func liveBreak(of ad: Ad, _ method: String) throws(AdControllerError) -> AdBreak {
    guard ad.state != .removed else { throw AdControllerError(method, "ad \(quoted(ad.id)) was removed") }
    guard ad.integration == integration, let adBreak = ad.adBreak, owns(adBreak) else {
      throw AdControllerError(method, "ad \(quoted(ad.id)) is not an ad of \(integration)")
    }
    return adBreak
  }

  package func validate(_ method: String, _ init: AdInit) throws(AdControllerError) {
    if let value = `init`.timeOffset { try check(method, "timeOffset", value, atLeast: 0) }
    if let value = `init`.duration { try check(method, "duration", value, atLeast: 0) }
    if let value = `init`.skipOffset { try check(method, "skipOffset", value, atLeast: -1) }
    if let value = `init`.width { try check(method, "width", value, atLeast: 0) }
    if let value = `init`.height { try check(method, "height", value, atLeast: 0) }
  }

  package func check(_ method: String, _ field: String, _ value: Double, atLeast minimum: Double)
    throws(AdControllerError)
  {
    guard value.isFinite, value >= minimum else {
      throw AdControllerError(
        method, "\(field) must be a finite number ≥ \(number(minimum)), got \(number(value))")
    }
  }

  package func number(_ value: Double) -> String {
    var text = ""
    JSONWriter.writeNumber(value, to: &text)
    return value.isFinite ? text : "\(value)"
  }

  package func quoted(_ text: String) -> String { "\"\(text)\"" }
}
