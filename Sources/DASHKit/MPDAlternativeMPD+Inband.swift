import Foundation
import HardenedXML

extension MPDAlternativeMPD {
  /// The Alternative-MPD event an `emsg` of `scheme` carries in its `message_data`: the XML of
  /// its `ReplacePresentation` or `InsertPresentation` (alone, or inside an `Event`). Nil when
  /// the scheme is not an Alternative-MPD one; an error naming what was expected when the
  /// message cannot be read.
  public static func inband(scheme: String, messageData: [UInt8]) throws(MPDError) -> MPDAlternativeMPD? {
    guard let kind = AlternativeMPDScheme(rawValue: scheme) else { return nil }
    let name = kind == .replace ? "ReplacePresentation" : "InsertPresentation"
    let text = String(decoding: messageData, as: UTF8.self)
    let found: (uri: String?, maxDuration: String?, once: String?)?? = XMLFragment.read(text) { root in
      guard let element = root.name == name ? root : root.descendants(name).first else { return nil }
      return (
        element.attribute("uri") ?? element.attribute("url"), element.attribute("maxDuration"),
        element.attribute("executeOnce")
      )
    }
    guard let found else { throw MPDError("the emsg's message_data is not XML: expected a <\(name)>") }
    guard let element = found else { throw MPDError("the emsg's message_data has no <\(name)>") }
    guard let uri = element.uri?.trimmingCharacters(in: .whitespaces), !uri.isEmpty else {
      throw MPDError("the emsg's <\(name)>: expected a uri attribute (the ad-decision endpoint)")
    }
    return MPDAlternativeMPD(
      mode: kind == .replace ? .replace : .insert, uri: uri,
      maxDuration: element.maxDuration.flatMap { UInt64($0) },
      executeOnce: element.once == "true")
  }
}
