import Foundation

/// The JSON answer to an `X-ASSET-LIST` request (Appendix D.2):
/// `{"ASSETS": [{"URI": …, "DURATION": …}, …], "SKIP-CONTROL": {"OFFSET": …, "DURATION": …}}`.
public struct HLSAssetList: Equatable, Sendable {
  /// One asset of the list.
  public struct Asset: Equatable, Sendable {
    /// `URI`, resolved against the list's URL: the asset's playlist.
    public var url: URL
    /// `DURATION`, seconds.
    public var duration: Double
    /// The asset's other members (e.g. `X-AD-CREATIVE-SIGNALING`, or adhost's `X-VAST-URI`), each as
    /// JSON text, by name.
    public var otherMembers: [String: String]
  }

  /// The assets, in play order.
  public var assets: [Asset]
  /// `SKIP-CONTROL`, if given.
  public var skipControl: HLSInterstitial.SkipControl?
  /// The list's other top-level members, each as JSON text, by name.
  public var otherMembers: [String: String]

  /// Reads an asset list fetched from `url`. Errors name the JSON path and what was expected:
  /// `ASSETS[1].DURATION: expected a number of seconds from 0 to 604800, found "ten"`.
  public static func parse(_ data: Data, url: URL) throws(HLSParseError) -> HLSAssetList {
    let root: Any
    do {
      root = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    } catch {
      throw HLSParseError(line: nil, "the asset list is not JSON: \(error.localizedDescription)")
    }
    guard let object = root as? [String: Any] else {
      throw HLSParseError(line: nil, "the asset list: expected a JSON object, found \(describe(root))")
    }
    guard let list = object["ASSETS"] as? [Any] else {
      throw HLSParseError(
        line: nil, "ASSETS: expected a list of assets, found \(object["ASSETS"].map(describe) ?? "nothing")")
    }
    var assets: [Asset] = []
    for (index, item) in list.enumerated() {
      let path = "ASSETS[\(index)]"
      guard let member = item as? [String: Any] else {
        throw HLSParseError(
          line: nil, "\(path): expected an object with URI and DURATION, found \(describe(item))")
      }
      guard let text = member["URI"] as? String,
        let assetURL = URL(string: text, relativeTo: url)?.absoluteURL,
        assetURL.scheme != nil
      else {
        throw HLSParseError(
          line: nil, "\(path).URI: expected a URI, found \(member["URI"].map(describe) ?? "nothing")")
      }
      let duration = try seconds(member["DURATION"], path: "\(path).DURATION")
      assets.append(
        Asset(url: assetURL, duration: duration, otherMembers: others(member, except: ["URI", "DURATION"])))
    }
    var skipControl: HLSInterstitial.SkipControl?
    if let value = object["SKIP-CONTROL"] {
      guard let control = value as? [String: Any] else {
        throw HLSParseError(line: nil, "SKIP-CONTROL: expected an object, found \(describe(value))")
      }
      let label = control["LABEL-ID"]
      if let label, !(label is String) {
        throw HLSParseError(line: nil, "SKIP-CONTROL.LABEL-ID: expected a string, found \(describe(label))")
      }
      skipControl = HLSInterstitial.SkipControl(
        offset: try control["OFFSET"].map { value throws(HLSParseError) in
          try seconds(value, path: "SKIP-CONTROL.OFFSET")
        },
        duration: try control["DURATION"].map { value throws(HLSParseError) in
          try seconds(value, path: "SKIP-CONTROL.DURATION")
        },
        labelId: label as? String)
    }
    return HLSAssetList(
      assets: assets, skipControl: skipControl,
      otherMembers: others(object, except: ["ASSETS", "SKIP-CONTROL"]))
  }

  private static func seconds(_ value: Any?, path: String) throws(HLSParseError) -> Double {
    guard let number = value as? NSNumber, !isBoolean(number),
      number.doubleValue.isFinite, number.doubleValue >= 0, number.doubleValue <= HLSParser.maxDuration
    else {
      throw HLSParseError(
        line: nil,
        "\(path): expected a number of seconds from 0 to 604800, found \(value.map(describe) ?? "nothing")")
    }
    return number.doubleValue
  }

  /// JSON `true` and `false` decode as NSNumber, and `1 is Bool` holds on Linux: only the
  /// boolean's own class tells them apart.
  private static func isBoolean(_ number: NSNumber) -> Bool {
    String(describing: type(of: number)).contains("Boolean")
  }

  private static func others(_ object: [String: Any], except known: Set<String>) -> [String: String] {
    var result: [String: String] = [:]
    for (name, value) in object where !known.contains(name) {
      let data = try? JSONSerialization.data(
        withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])
      result[name] = data.flatMap { String(data: $0, encoding: .utf8) } ?? "null"
    }
    return result
  }

  private static func describe(_ value: Any) -> String {
    if value is NSNull { return "null" }
    if let text = value as? String { return "\"\(text.prefix(40))\"" }
    if value is [Any] { return "a list" }
    if value is [String: Any] { return "an object" }
    if let number = value as? NSNumber {
      return isBoolean(number) ? (number.boolValue ? "true" : "false") : number.stringValue
    }
    return "\(value)"
  }
}
