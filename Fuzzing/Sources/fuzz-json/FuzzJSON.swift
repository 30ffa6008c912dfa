import FuzzSupport
import OutsideText

/// The JSON module's parser (OutsideText) behind sources, action scripts, scenarios, fault plans,
/// recordings, asset lists, the WebKit helper's lines and the plugins' `json.decode`: any text
/// gives a value or a syntax error, refusing repeated members gives the same value or an error
/// naming a path, and a parsed value written back out (`jsonText`) re-parses to an equal value
/// and writes the same text again.
/// libFuzzer's driver on this target's input function.
@main enum FuzzJSONMain {
  static func main() { runFuzzer(fuzzJSON) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let text = String(decoding: inputBytes(start, count), as: UTF8.self)
  let value: JSONValue
  do {
    value = try JSONValue.parse(text)
  } catch {
    invariant(
      error.offset >= 0 && error.offset <= text.utf8.count, "error offset \(error.offset) outside the text")
    invariant(!error.message.isEmpty, "a syntax error without a message")
    return 0
  }
  do {
    let strict = try JSONValue.parse(text, refusingRepeatedMembers: true)
    invariant(strict == value, "refusing repeated members changed a value that has none")
  } catch {
    invariant(error.path != nil, "only a repeated member fails the strict parse: \(error)")
  }
  let written = value.jsonText
  let reparsed: JSONValue
  do {
    reparsed = try JSONValue.parse(written)
  } catch {
    invariant(false, "jsonText does not re-parse (\(error)): \(written.prefix(200))")
    return 0
  }
  invariant(reparsed == value, "the round-trip changed the value: \(written.prefix(200))")
  invariant(reparsed.jsonText == written, "writing is not stable: \(written.prefix(200))")
  return 0
}
