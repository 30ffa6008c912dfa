import Foundation
import Testing

@testable import VASTKit

@Suite struct MacroTests {
  private var context: VASTMacroContext {
    var context = VASTMacroContext(
      timestamp: Date(timeIntervalSince1970: 1_800_000_000.123), cacheBuster: "01234567")
    context.errorCode = 303
    context.adPlayhead = 65.5
    context.assetURI = "https://cdn.example/a b.mp4?x=1&y=2"
    context.universalAdId = "ad-id.org CNPA0484000H"
    return context
  }

  @Test func knownMacrosAreReplacedAndEncoded() {
    let url =
      "https://t.example/e?c=[ERRORCODE]&cb=[CACHEBUSTING]&ts=[TIMESTAMP]&ph=[ADPLAYHEAD]&a=[ASSETURI]&u=[UNIVERSALADID]"
    #expect(
      VASTMacros.expand(url, context)
        == "https://t.example/e?c=303&cb=01234567&ts=2027-01-15T08%3A00%3A00.123Z&ph=00%3A01%3A05.500"
        + "&a=https%3A%2F%2Fcdn.example%2Fa%20b.mp4%3Fx%3D1%26y%3D2&u=ad-id.org%20CNPA0484000H")
  }

  @Test func unknownValuesAndMacrosBecomeMinusOne() {
    let url = "https://t.example/e?p=[CONTENTPLAYHEAD]&x=[NOT_A_MACRO_WE_KNOW]&r=[REASON]&l=[LIMITADTRACKING]"
    #expect(VASTMacros.expand(url, context) == "https://t.example/e?p=-1&x=-1&r=-1&l=-1")
  }

  @Test func theMacrosSentAsMinusOneAreNamed() {
    let url = "https://t.example/e?p=[CONTENTPLAYHEAD]&c=[ERRORCODE]&x=[NOT_A_MACRO_WE_KNOW]&r=%5BREASON%5D"
    let expanded = VASTMacros.expandNamingUnknown(url, context)
    #expect(expanded.url == "https://t.example/e?p=-1&c=303&x=-1&r=-1")
    #expect(expanded.unknown == ["CONTENTPLAYHEAD", "NOT_A_MACRO_WE_KNOW", "REASON"])
    #expect(VASTMacros.expandNamingUnknown("https://t.example/e?c=[ERRORCODE]", context).unknown.isEmpty)
  }

  @Test func nonMacroBracketsAndEncodedMacros() {
    #expect(VASTMacros.expand("http://[::1]:80/x?[lower]=1", context) == "http://[::1]:80/x?[lower]=1")
    #expect(
      VASTMacros.expand("https://t.example/?c=%5BERRORCODE%5D&d=%5b%5d", context)
        == "https://t.example/?c=303&d=%5b%5d")
    #expect(
      VASTMacros.expand("https://t.example/?c=[ERRORCODE", context) == "https://t.example/?c=[ERRORCODE")
  }

  @Test func cacheBusterHasEightDigits() {
    for _ in 0..<100 {
      let value = VASTMacros.randomCacheBuster()
      #expect(value.count == 8 && value.allSatisfy(\.isNumber))
    }
  }

  @Test func timeValues() {
    #expect(VASTDuration.seconds("00:00:20") == 20)
    #expect(VASTDuration.seconds(" 01:02:03.250 ") == 3723.25)
    #expect(VASTDuration.seconds("00:60:00") == nil)
    #expect(VASTDuration.seconds("ten seconds") == nil)
    #expect(VASTDuration.seconds("00:00:05.") == nil)
    #expect(VASTOffset(parsing: "25%") == .percent(25))
    #expect(VASTOffset(parsing: "150%") == nil)
    #expect(VASTOffset(parsing: "00:00:05.500") == .seconds(5.5))
    #expect(VASTOffset.percent(25).seconds(duration: 20.5) == 5.125)
    #expect(VASTDuration.format(3723.25) == "01:02:03.250")
  }
}
