import CLibXML2
import Foundation
import Testing

@testable import VASTKit

// libxml2 reports each node it makes and frees to these hooks.
nonisolated(unsafe) private var documentsMade = 0
nonisolated(unsafe) private var documentsFreed = 0

@Suite struct ParserMemoryTests {
  /// Found by the fuzzer (fuzz-vast, under LeakSanitizer): libxml2 makes a document to hold the
  /// entities a DOCTYPE declares and returns it from the parse; the parser dropped it, leaking
  /// about 12 KiB per such document an ad server sent. The hooks are libxml2 globals, so the
  /// parses are counted in a process of their own (an exit test), where no other test parses.
  @Test func aDocumentThatDeclaresEntitiesLeavesNoLibxml2DocumentBehind() async {
    await #expect(processExitsWith: .success) {
      let document = """
        <?xml version="1.0"?>
        <!DOCTYPE VAST [<!ENTITY greeting "hello">]>
        <VAST version="4.1"><Ad id="a"><InLine><AdTitle>&greeting;</AdTitle></InLine></Ad></VAST>
        """
      let parser = VASTParser()
      xmlRegisterNodeDefault { node in
        if node?.pointee.type == XML_DOCUMENT_NODE { documentsMade += 1 }
      }
      xmlDeregisterNodeDefault { node in
        if node?.pointee.type == XML_DOCUMENT_NODE { documentsFreed += 1 }
      }
      for _ in 0..<3 { _ = try? parser.parse(Data(document.utf8)) }
      print("libxml2 documents made: \(documentsMade), freed: \(documentsFreed)")
      exit(documentsMade == 3 && documentsFreed == 3 ? 0 : 1)
    }
  }
}
