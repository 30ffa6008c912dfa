import Foundation
import Testing

@testable import VASTKit

@Suite struct HostileInputTests {
  private func code(_ text: String) -> Int? {
    code(Data(text.utf8))
  }

  private func code(_ data: Data) -> Int? {
    do {
      _ = try VASTParser.parse(data)
      return nil
    } catch {
      return error.code.rawValue
    }
  }

  @Test func billionLaughsFailsFast() {
    var entities = "<!ENTITY lol \"lol\">"
    for level in 1...9 {
      let previous = level == 1 ? "lol" : "lol\(level - 1)"
      entities += "<!ENTITY lol\(level) \"" + String(repeating: "&\(previous);", count: 10) + "\">"
    }
    let document = "<?xml version=\"1.0\"?><!DOCTYPE VAST [\(entities)]><VAST version=\"4.1\">&lol9;</VAST>"
    let clock = ContinuousClock()
    var result: Int?
    let elapsed = clock.measure { result = code(document) }
    #expect(result == 100)
    #expect(elapsed < .seconds(1))
  }

  @Test func externalEntitiesAreRefused() {
    let document = """
      <?xml version="1.0"?>
      <!DOCTYPE VAST [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
      <VAST version="4.1"><Error>&secret;</Error></VAST>
      """
    #expect(code(document) == 100)
    let parameter = """
      <?xml version="1.0"?>
      <!DOCTYPE VAST [<!ENTITY % remote SYSTEM "http://127.0.0.1:9/x.dtd"> %remote;]>
      <VAST version="4.1"/>
      """
    #expect(code(parameter) == 100)
  }

  @Test func undeclaredEntityIsNotXML() {
    #expect(code("<VAST version=\"4.1\"><Error>&nope;</Error></VAST>") == 100)
  }

  @Test func oversizeDocumentIsRefusedBeforeParsing() {
    var data = Data("<VAST version=\"4.1\"><Extensions><![CDATA[".utf8)
    data.append(Data(repeating: UInt8(ascii: "x"), count: 50 << 20))
    data.append(Data("]]></Extensions></VAST>".utf8))
    #expect(code(data) == 100)
    #expect(throws: VASTError.self) { try VASTParser(maxBytes: 100).parse(Data(repeating: 32, count: 101)) }
  }

  @Test func invalidUTF8IsNotXML() {
    var data = Data("<VAST version=\"4.1\"><Error>".utf8)
    data.append(contentsOf: [0xC3, 0x28, 0xFF, 0xFE])
    data.append(Data("</Error></VAST>".utf8))
    #expect(code(data) == 100)
  }

  @Test func emptyAndBinaryInputAreNotXML() {
    #expect(code(Data()) == 100)
    #expect(code(Data([0, 1, 2, 3, 0xFF])) == 100)
    #expect(code("{ vast: null }") == 100)
  }

  @Test func numbersOutOfRangeBecomeIssuesNotCrashes() throws {
    let document = """
      <VAST version="4.1"><Ad id="a" sequence="999999999999999999999999"><InLine><AdSystem>s</AdSystem>
      <Creatives><Creative><Linear skipoffset="-5%"><Duration>99:99:99</Duration>
      <MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="1e400" height="-0"
        bitrate="18446744073709551616"><![CDATA[https://cdn.example/a.mp4]]></MediaFile></MediaFiles>
      </Linear></Creative></Creatives><Expires>-99999999999999999999</Expires></InLine></Ad></VAST>
      """
    let parsed = try VASTParser.parse(Data(document.utf8))
    let ad = try #require(parsed.ads.first)
    #expect(ad.sequence == nil)
    #expect(ad.linear?.duration == nil)
    #expect(ad.linear?.skipOffset == nil)
    #expect(ad.linear?.mediaFiles.first?.width == nil)
    #expect(ad.linear?.mediaFiles.first?.bitrate == nil)
    #expect(parsed.issues.count >= 5)
  }

  @Test func rootAndVersionChecks() {
    #expect(code("<VAST version=\"5.0\"/>") == 102)
    // A newer 4.x is read as 4.3 with an issue (issue 28); 5 and later stay 102.
    #expect(code("<VAST version=\"4.4\"/>") == nil)
    #expect(code("<VAST version=\"5\"/>") == 102)
    #expect(code("<VAST version=\"banana\"/>") == 102)
    #expect(code("<html><body/></html>") == 101)
    #expect(code("<VAST version=\"4.3\"><Ad id=\"x\"/></VAST>") == 101)
    #expect(code("<VAST version=\"2.0\"/>") == nil)
    #expect(code("<VAST xmlns=\"http://www.iab.com/VAST\" version=\"4.3\"/>") == nil)
  }

  @Test func rawExtensionsAreKeptVerbatim() throws {
    let extensions = "<Extensions><Extension type=\"x\"><a b=\"1&gt;\">t</a><empty/></Extension></Extensions>"
    let document =
      "<VAST version=\"4.1\"><Ad><InLine><AdSystem>s</AdSystem>\(extensions)</InLine></Ad></VAST>"
    let parsed = try VASTParser.parse(Data(document.utf8))
    #expect(parsed.ads.first?.extensionsXML == extensions)
  }

  @Test func parsersOnManyThreadsAgree() async throws {
    // The fixtures always, the shared samples too when they are there.
    let documents =
      try TestFixtures.vastDocuments.map { try TestFixtures.data($0) }
      + Samples.all.map { try Samples.data($0) }
    let expected = documents.map { try? VASTParser.parse($0) }
    let results = await withTaskGroup(of: [VASTDocument?].self) { group in
      for _ in 0..<4 {
        group.addTask {
          let parser = VASTParser()
          return documents.map { try? parser.parse($0) }
        }
      }
      return await group.reduce(into: [[VASTDocument?]]()) { $0.append($1) }
    }
    #expect(results.count == 4)
    for result in results { #expect(result == expected) }
  }

  @Test func oneParserParsesManyDocuments() throws {
    let parser = VASTParser()
    for index in 0..<3000 {
      let document =
        "<VAST version=\"4.1\"><Ad id=\"ad\(index)\"><InLine><AdSystem>s</AdSystem></InLine></Ad></VAST>"
      #expect(try parser.parse(Data(document.utf8)).ads.first?.id == "ad\(index)")
      if index % 1000 == 0 { #expect(throws: VASTError.self) { try parser.parse(Data("<bad".utf8)) } }
    }
  }
}
