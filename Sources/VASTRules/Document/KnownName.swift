import CLibXML2

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An element, attribute or namespace name read from a document, with what the rules ask of it
/// worked out once (a document names a few dozen names, in a hundred elements and more).
final class KnownName {
  /// The ad kinds a node can stand in, by `CheckNode`'s kind index.
  static let adKinds = ["InLine", "Wrapper"]

  /// The name.
  let text: String
  /// 0 for `InLine`, 1 for `Wrapper` (the elements that set their subtree's ad kind).
  let adKind: Int?
  /// The element's schema shape inside an InLine, inside a Wrapper, and elsewhere.
  let shapes: [SchemaShape?]
  /// Whether some VAST schema defines an element of this name.
  let isSchemaName: Bool
  /// Whether an element of this name holds a URL (`URLRules.urlElements`).
  let isURLElement: Bool
  /// Whether, as a namespace URI, it is VAST's (or none: the empty name).
  let isVASTNamespace: Bool
  /// The attributes `FieldValueRules` reads as whole numbers and as booleans on this element.
  let integerAttributes: [String]
  let booleanAttributes: [String]
  /// `NameIndex.hash(text)`, made once.
  let cheapHash: Int
  /// The name as a NUL-terminated C string, to check a pointer's name against.
  private let cString: ContiguousArray<CChar>

  init(_ text: String) {
    self.text = text
    cString = text.utf8CString
    cheapHash = NameIndex.hash(text)
    adKind = Self.adKinds.firstIndex(of: text)
    shapes = (0..<3).map { kind in
      SchemaShape.all[kind < 2 && text != "Ad" ? Self.adKinds[kind] + ":" + text : text]
    }
    isSchemaName = SchemaShape.knownNames.contains(text)
    isURLElement = URLRules.urlElements.contains(text)
    isVASTNamespace = StructureRules.isVASTNamespace(text)
    integerAttributes = FieldValueRules.integerAttributes[text] ?? []
    booleanAttributes = FieldValueRules.booleanAttributes[text] ?? []
  }

  /// Whether the NUL-terminated string at `pointer` is this name.
  func isSpelled(_ pointer: UnsafePointer<xmlChar>) -> Bool {
    cString.withUnsafeBufferPointer { name in
      guard let base = name.baseAddress else { return false }
      return UnsafeRawPointer(pointer).withMemoryRebound(to: CChar.self, capacity: 1) {
        strcmp($0, base) == 0
      }
    }
  }
}
