import AdPlayer
import FuzzSupport
import PlayerSeam

/// The source-description model (`adhost run … source.json`) and the action-script model
/// (`--actions`): any text gives a model or an error naming a JSON path, and a decoded source
/// encodes (`json`) to a form that decodes back to an equal source, also through its text.
/// libFuzzer's driver on this target's input function.
@main enum FuzzSourceMain {
  static func main() { runFuzzer(fuzzSource) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSource(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let text = String(decoding: inputBytes(start, count), as: UTF8.self)
  checkActions(text)
  let source: SourceDescription
  do {
    source = try SourceDescription(jsonText: text)
  } catch {
    invariant(!error.description.isEmpty, "a decoding error without a message")
    return 0
  }
  let json = source.json
  do {
    let decoded = try SourceDescription(json: json)
    invariant(decoded == source, "json does not decode to the same source")
    let fromText = try SourceDescription(jsonText: json.jsonText)
    invariant(fromText == source, "jsonText does not decode to the same source")
  } catch {
    invariant(false, "an encoded source does not decode: \(error); \(json.jsonText.prefix(200))")
  }
  return 0
}

/// Action scripts share the JSON parser and the path-naming errors; each action is at a time ≥ 0.
private func checkActions(_ text: String) {
  guard let actions = try? ScriptedAction.script(jsonText: text) else { return }
  for action in actions {
    invariant(action.at.isFinite && action.at >= 0, "an action at \(action.at)")
  }
}
