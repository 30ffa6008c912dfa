import CLibXML2
import HardenedXML

/// The VAST builder's C callbacks. Each reaches its `ParseBox` through the parser context's
/// `_private` pointer (libxml2 passes the context as the callbacks' `ctx`); the front-end adds
/// the entity refusal and the error capture.
enum SAXCallbacks {
  /// Start and end tags; `characters` is installed by the builder only inside text elements
  /// (CDATA goes there too: `XML_PARSE_NOCDATA`).
  static let elements = XMLElementCallbacks(
    start: { ctx, localname, _, _, namespaceCount, namespaces, count, _, attributes in
      XMLParseBox.reach(ctx, as: ParseBox.self) {
        $0.startElement(localname, namespaceCount, namespaces, count, attributes)
      }
    },
    end: { ctx, _, _, _ in
      XMLParseBox.reach(ctx, as: ParseBox.self) { $0.endElement() }
    })

  /// The character-data callback, installed while a text element is open.
  static let characters: charactersSAXFunc = { ctx, characters, length in
    XMLParseBox.reach(ctx, as: ParseBox.self) { $0.characters(characters, length) }
  }
}
