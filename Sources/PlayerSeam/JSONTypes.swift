import OutsideText

// The model's JSON is the JSON module's (OutsideText, the one reader and writer of outside text):
// named here so that the seam's API — sources, ad inits, custom data, events — reads whole.

/// A JSON value (`OutsideText.JSONValue`).
public typealias JSONValue = OutsideText.JSONValue
/// A JSON object with its members in order (`OutsideText.JSONObject`).
public typealias JSONObject = OutsideText.JSONObject
/// An error in JSON text: byte offset, or a repeated member's path (`OutsideText.JSONSyntaxError`).
public typealias JSONSyntaxError = OutsideText.JSONSyntaxError
/// Bad input for the source model or an action script: the JSON path and what was expected,
/// e.g. `sources[0].ssai.integration: expected a string` (`OutsideText.JSONPathError`).
public typealias ModelDecodingError = OutsideText.JSONPathError
