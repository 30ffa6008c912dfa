import Foundation

/// A URL from a literal the test knows is valid (a file URL that matches nothing otherwise).
public func link(_ text: String) -> URL {
  URL(string: text) ?? URL(fileURLWithPath: "/invalid-test-url")
}
