/// The rules about reading the document at all, reported by the checker itself before any
/// tree rule runs.
enum ReadRules {
  static let malformed = Rule(
    "xml-malformed", .error, .document, "The document is well-formed XML (VAST error 100).",
    spec: "VAST 4.3 §2.3.6.3 error 100", fix: "fix the XML at the line given")
  static let entity = Rule(
    "xml-entity-declared", .error, .document,
    "The document declares no entities (refused: external entities and expansion bombs).",
    spec: "VAST 4.3 §2.3.6.3 error 100; OWASP XXE", fix: "remove the DOCTYPE")
  static let undeclaredPrefix = Rule(
    "xml-undeclared-prefix", .warning, .document, "Every namespace prefix used is declared.",
    spec: "Namespaces in XML 1.0 §5", fix: "declare the prefix with xmlns:prefix on the root")
  static let unknownRoot = Rule(
    "root-unknown", .error, .document, "The root element is <VAST> (or <VMAP>).",
    spec: "VAST 4.3 §3.1; VMAP 1.0.1 §2.4", fix: "serve a VAST or VMAP document")
  static let vast1 = Rule(
    "vast-1-document", .error, .document,
    "The document is VAST 2.0 or later: VAST 1.0 (<VideoAdServingTemplate> or version 1.x) is error 102.",
    spec: "VAST 4.3 §2.3.6.3 error 102 (VAST version of response not supported)",
    fix: "serve VAST 4.x; VAST 1.0 players are long gone")
  static let daast = Rule(
    "daast-superseded", .warning, .document,
    "Audio ads are VAST 4.1+ with adType=\"audio\": DAAST 1.0/1.1 was folded into VAST 4.1.",
    spec: "VAST 4.1 §1.2 (DAAST merged); DAAST 1.1", fix: "serve VAST 4.1+ with <Ad adType=\"audio\">")

  static let all = [malformed, entity, undeclaredPrefix, unknownRoot, vast1, daast]
}
