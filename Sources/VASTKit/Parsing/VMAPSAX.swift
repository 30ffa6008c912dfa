import CLibXML2
import HardenedXML

/// The VMAP builder's C callbacks; each reaches its `VMAPParseBox` through the parser
/// context's `_private` pointer. The front-end adds the entity refusal and the error capture.
enum VMAPSAX {
  /// Start and end tags; `characters` is installed by the builder only inside text elements.
  static let elements = XMLElementCallbacks(
    start: { ctx, localname, _, _, namespaceCount, namespaces, count, _, attributes in
      XMLParseBox.reach(ctx, as: VMAPParseBox.self) {
        $0.builder.start(localname, namespaceCount, namespaces, count, attributes)
      }
    },
    end: { ctx, _, _, _ in XMLParseBox.reach(ctx, as: VMAPParseBox.self) { $0.builder.end() } })

  /// The character-data callback, installed while a text element is open.
  static let characters: charactersSAXFunc = { ctx, characters, length in
    XMLParseBox.reach(ctx, as: VMAPParseBox.self) { $0.builder.characters(characters, length) }
  }
}

/// What the callbacks reach: the builder, beside the front-end's record of problems.
final class VMAPParseBox: XMLParseBox {
  // why: only libxml2's callbacks reach it during a read, one at a time.
  @exclusivity(unchecked) var builder: VMAPBuilder
  init(builder: VMAPBuilder) { self.builder = builder }
}
