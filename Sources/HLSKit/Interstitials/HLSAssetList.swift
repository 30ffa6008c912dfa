import CheckedNumbers
import Foundation
import OutsideText

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
    guard let text = String(data: data, encoding: .utf8) else {
      throw HLSParseError(line: nil, "the asset list is not JSON: not UTF-8 text")
    }
    let root: JSONValue
    do {
      root = try JSONValue.parse(text)
    } catch {
      throw HLSParseError(line: nil, "the asset list is not JSON: \(error)")
    }
    guard let object = root.objectValue else {
      throw HLSParseError(line: nil, "the asset list: expected a JSON object, found \(describe(root))")
    }
    guard let list = object["ASSETS"]?.arrayValue else {
      throw HLSParseError(
        line: nil, "ASSETS: expected a list of assets, found \(object["ASSETS"].map(describe) ?? "nothing")")
    }
    var assets: [Asset] = []
    for (index, item) in list.enumerated() {
      let path = "ASSETS[\(index)]"
      guard let member = item.objectValue else {
        throw HLSParseError(
          line: nil, "\(path): expected an object with URI and DURATION, found \(describe(item))")
      }
      guard let text = member["URI"]?.stringValue,
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
      guard let control = value.objectValue else {
        throw HLSParseError(line: nil, "SKIP-CONTROL: expected an object, found \(describe(value))")
      }
      let label = control["LABEL-ID"]
      if let label, label.stringValue == nil {
        throw HLSParseError(line: nil, "SKIP-CONTROL.LABEL-ID: expected a string, found \(describe(label))")
      }
      skipControl = HLSInterstitial.SkipControl(
        offset: try control["OFFSET"].map { value throws(HLSParseError) in
          try seconds(value, path: "SKIP-CONTROL.OFFSET")
        },
        duration: try control["DURATION"].map { value throws(HLSParseError) in
          try seconds(value, path: "SKIP-CONTROL.DURATION")
        },
        labelId: label?.stringValue)
    }
    return HLSAssetList(
      assets: assets, skipControl: skipControl,
      otherMembers: others(object, except: ["ASSETS", "SKIP-CONTROL"]))
  }

  private static func seconds(_ value: JSONValue?, path: String) throws(HLSParseError) -> Double {
    guard let number = value?.numberValue, number >= 0, number <= HLSParser.maxDuration else {
      throw HLSParseError(
        line: nil,
        "\(path): expected a number of seconds from 0 to 604800, found \(value.map(describe) ?? "nothing")")
    }
    return number
  }

  /// The other members as JSON text, nested objects' members sorted by name (the text a log
  /// shows does not depend on how the server ordered them).
  private static func others(_ object: JSONObject, except known: Set<String>) -> [String: String] {
    var result: [String: String] = [:]
    for member in object where !known.contains(member.key) {
      result[member.key] = sortingMembers(member.value).jsonText
    }
    return result
  }

  private static func sortingMembers(_ value: JSONValue) -> JSONValue {
    switch value {
    case .array(let elements): return .array(elements.map(sortingMembers))
    case .object(let object):
      return .object(
        JSONObject(object.members.sorted { $0.key < $1.key }.map { ($0.key, sortingMembers($0.value)) }))
    default: return value
    }
  }

  private static func describe(_ value: JSONValue) -> String {
    switch value {
    case .null: return "null"
    case .string(let text): return "\"\(text.prefix(40))\""
    case .array: return "a list"
    case .object: return "an object"
    case .bool(let flag): return flag ? "true" : "false"
    case .number(let number): return CheckedNumbers.describe(number)
    }
  }
}
