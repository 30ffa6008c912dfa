import Foundation
import HardenedXML

/// A List MPD (ISO/IEC 23009-1 6th edition §8.14: `MPD@type="list"`, profile
/// `urn:mpeg:dash:profile:list:2024`), as an ad-decision endpoint answers an Alternative-MPD
/// event: its Periods in order, each naming an ad's own MPD with `ImportedMPD@uri`.
public struct MPDList: Equatable, Sendable {
  /// One Period of the list: the imported MPD to play and the Period's `@duration`, if given.
  public struct Entry: Equatable, Sendable {
    public var id: String?
    /// `ImportedMPD@uri`, resolved against the `BaseURL`s and the list's URL.
    public var url: URL
    public var duration: Double?
    /// The Events of the Period's `EventStream`s, in order.
    public var events: [Event] = []
  }

  public var entries: [Entry]

  /// Reads a List MPD fetched from `url`. Errors name the element path and what was expected:
  /// `MPD@type: expected "list", got "static"`.
  public static func parse(_ data: Data, url: URL) throws(MPDError) -> MPDList {
    let text = String(decoding: data, as: UTF8.self)
    let read: Result<MPDList, MPDError>? = XMLFragment.read(text) { root in
      Result { () throws(MPDError) -> MPDList in try list(root, url: url) }
    }
    guard let read else {
      let problem = XMLFragment.problems(text).first
      throw MPDError(problem.map { "line \($0.line): \($0.message)" } ?? "not well-formed XML")
    }
    return try read.get()
  }

  private static func list(_ root: XMLElement, url: URL) throws(MPDError) -> MPDList {
    guard root.name == "MPD" else { throw MPDError("the root element is <\(root.name)>, expected <MPD>") }
    let type = root.attribute("type") ?? "static"
    guard type == "list" else { throw MPDError("MPD@type: expected \"list\", got \"\(type)\"") }
    let base = resolve(root, against: url)
    var entries: [Entry] = []
    for (index, period) in root.children("Period").enumerated() {
      let path = "MPD/Period[\(index + 1)]"
      guard let imported = period.children("ImportedMPD").first else {
        throw MPDError("\(path): expected an ImportedMPD (inline Periods are not played)")
      }
      guard let uri = imported.attribute("uri") ?? imported.attribute("url"),
        let target = URL(
          string: uri.trimmingCharacters(in: .whitespaces), relativeTo: resolve(period, against: base))
      else {
        throw MPDError("\(path)/ImportedMPD@uri: expected a URI, got \"\(imported.attribute("uri") ?? "")\"")
      }
      var duration: Double?
      if let text = period.attribute("duration") {
        guard let seconds = XSTime.duration(text) else {
          throw MPDError("\(path)@duration: expected an xs:duration such as PT15S, got \"\(text)\"")
        }
        duration = seconds
      }
      entries.append(
        Entry(
          id: period.attribute("id"), url: target.absoluteURL, duration: duration,
          events: events(of: period, path: path)))
    }
    return MPDList(entries: entries)
  }

  /// The element's first `BaseURL` resolved against `url`, else `url`.
  private static func resolve(_ element: XMLElement, against url: URL) -> URL {
    guard let text = element.children("BaseURL").first?.text.trimmingCharacters(in: .whitespacesAndNewlines),
      !text.isEmpty, let resolved = URL(string: text, relativeTo: url)
    else { return url }
    return resolved.absoluteURL
  }
}
