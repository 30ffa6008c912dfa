import Foundation
import TestFiles

/// Reads what the report's browser tests need from a page's DOM, and instruments a copy of a
/// page so that its DOM says after loading which errors happened, how many resources it
/// requested and when its load event came (`data-errors`, `data-resources`, `data-load-ms` on
/// `<html>`).
struct ReportProbe {
  let dom: String

  /// The script put first in `<head>`: it sees every error and refused load, then writes them
  /// down at the load event (after forcing layout).
  static let script = """
    <script>(function(){var errors=[];
    window.addEventListener('error',function(e){errors.push(String(e.message||(e.target&&e.target.src)||'error'));},true);
    document.addEventListener('securitypolicyviolation',function(e){errors.push('blocked '+e.blockedURI);});
    window.addEventListener('load',function(){document.body.getBoundingClientRect();var d=document.documentElement;
    d.setAttribute('data-load-ms',String(Math.round(performance.now())));
    d.setAttribute('data-resources',String(performance.getEntriesByType('resource').length));
    d.setAttribute('data-errors',JSON.stringify(errors));});})();</script>
    """

  /// A copy of `page` with the probe's script, in `scratch`.
  static func instrument(_ page: URL, in scratch: Scratch) throws -> URL {
    let html = try String(contentsOf: page, encoding: .utf8)
    guard let head = html.range(of: "<head>") else {
      throw Chromium.Failure(description: "\(page.path): no <head>")
    }
    let probed = html.replacingCharacters(in: head, with: "<head>" + script)
    return URL(fileURLWithPath: try scratch.write("probed-\(page.lastPathComponent)", probed))
  }

  /// An attribute of `<html>`.
  func attribute(_ name: String) -> String? {
    guard let start = dom.range(of: "<html"), let end = dom[start.upperBound...].range(of: ">") else {
      return nil
    }
    let tag = dom[start.upperBound..<end.lowerBound]
    guard let value = tag.range(of: " \(name)=\"") else { return nil }
    let rest = tag[value.upperBound...]
    return rest.firstIndex(of: "\"").map { unescape(String(rest[..<$0])) }
  }

  /// The first element `<name class="class" …>…</name>` (not nested in one of its kind).
  func element(_ name: String, class className: String) -> String? {
    guard let start = dom.range(of: "<\(name) class=\"\(className)\""),
      let end = dom[start.upperBound...].range(of: "</\(name)>")
    else { return nil }
    return String(dom[start.lowerBound..<end.upperBound])
  }

  /// How often `needle` occurs: in the whole DOM, or in the SVG of the given class.
  func count(_ needle: String, within svgClass: String? = nil) -> Int {
    let text = svgClass.flatMap { element("svg", class: $0) } ?? (svgClass == nil ? dom : "")
    return text.components(separatedBy: needle).count - 1
  }

  private func unescape(_ text: String) -> String {
    text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
  }
}
