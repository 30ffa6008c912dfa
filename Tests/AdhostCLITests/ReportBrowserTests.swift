import Foundation
import TestFiles
import Testing

/// The HTML report of each example run, loaded in headless Chromium: screenshots at a laptop's
/// and a phone's size (the expected size, not blank), the DOM's ad bars, beacon ticks, markers
/// and table rows against the run's log, and no console message, error or request.
@Suite(.serialized) struct ReportBrowserTests {
  /// An example run: `adhost run` arguments relative to the repository.
  struct Example: CustomStringConvertible, Sendable {
    let description: String
    let arguments: [String]
  }

  static let examples = [
    Example(
      description: "omnibox, skips",
      arguments: [
        "plugins/omnibox.lua", "examples/omnibox/source.json", "--offline", "examples/omnibox/recording",
        "--actions", "examples/omnibox/actions-skip.json",
      ]),
    Example(
      description: "vast",
      arguments: ["plugins/vast.lua", "examples/vast/source.json", "--offline", "examples/vast/recording"]),
    Example(
      description: "mediatailor vod",
      arguments: [
        "plugins/mediatailor.lua", "examples/mediatailor/vod/source.json", "--offline",
        "examples/mediatailor/vod/recording",
      ]),
    Example(
      description: "mediatailor live, skips",
      arguments: [
        "plugins/mediatailor.lua", "examples/mediatailor/live/source.json", "--offline",
        "examples/mediatailor/live/recording", "--until", "60", "--actions",
        "examples/mediatailor/live/actions-skip.json",
      ]),
  ]

  /// Byte sizes of a blank page's screenshots at both sizes, once.
  static let blank: [Int] = {
    guard let chromium = try? Chromium(), let scratch = try? Scratch() else { return [0, 0] }
    let page = URL(
      fileURLWithPath: (try? scratch.write("blank.html", "<!DOCTYPE html><title>b</title>")) ?? "")
    return [(1280, 800), (390, 844)].map { size in
      let png = scratch.folder.appendingPathComponent("blank-\(size.0).png")
      _ = try? chromium.load(page, width: size.0, height: size.1, screenshot: png, dom: false)
      return (try? Data(contentsOf: png).count) ?? 0
    }
  }()

  @Test(arguments: examples) func theExamplesReportInTheBrowser(_ example: Example) async throws {
    let chromium = try Chromium()
    let scratch = try Scratch()
    let page = scratch.folder.appendingPathComponent("report.html")
    let arguments = example.arguments.enumerated().map { index, argument in
      index < 2 || argument.hasPrefix("examples/")
        ? repositoryRoot.appendingPathComponent(argument).path : argument
    }
    let run = await adhost(["run"] + arguments + ["--json", "--report", page.path])
    #expect(run.code == 0, "\(run.errors)")
    let probed = try ReportProbe.instrument(page, in: scratch)

    let wide = scratch.folder.appendingPathComponent("wide.png")
    let narrow = scratch.folder.appendingPathComponent("narrow.png")
    let load = try chromium.load(probed, width: 1280, height: 800, screenshot: wide)
    let phone = try chromium.load(probed, width: 390, height: 844, screenshot: narrow, dom: false)
    #expect(load.console.isEmpty && phone.console.isEmpty, "\(load.console + phone.console)")
    try Self.expectScreenshot(wide, width: 1280, height: 800, blank: Self.blank[0])
    try Self.expectScreenshot(narrow, width: 390, height: 844, blank: Self.blank[1])

    let dom = ReportProbe(dom: load.dom)
    #expect(dom.attribute("data-errors") == "[]")
    #expect(dom.attribute("data-resources") == "0")
    #expect(dom.attribute("data-load-ms") != nil, "the page's load event never came")
    // The script ran: it shows the filters.
    #expect(load.dom.contains("<form class=\"filters\">"))

    let log = run.events
    let types = log.compactMap { $0["type"] as? String }
    #expect(dom.count("<g class=\"ad ", within: "plot") == Self.adPlays(log))
    #expect(dom.count("<g class=\"beacon ", within: "plot") == types.filter { $0 == "beacon" }.count)
    #expect(dom.count("<g class=\"action\"", within: "plot") == types.filter { $0 == "action" }.count)
    let errorTypes: Set = ["error", "aderror", "plugin-error", "playlist-error"]
    #expect(dom.count("<g class=\"err\"", within: "plot") == types.filter(errorTypes.contains).count)
    #expect(dom.count("<tr id=\"row-") == types.filter { $0 != "timeupdate" }.count)
    #expect(dom.count("<g class=\"break\"", within: "plot") == types.filter { $0 == "adbreakbegin" }.count)
  }

  @Test func withoutJavaScriptThePictureIsTheSame() async throws {
    let chromium = try Chromium()
    let scratch = try Scratch()
    let page = scratch.folder.appendingPathComponent("report.html")
    let example = Self.examples[0].arguments.enumerated().map { index, argument in
      index < 2 || argument.hasPrefix("examples/")
        ? repositoryRoot.appendingPathComponent(argument).path : argument
    }
    #expect(await adhost(["run"] + example + ["--report", page.path]).code == 0)
    // The same page with every script refused by a second policy: Chromium's own switch
    // (--blink-settings=scriptEnabled=false) leaves it writing no screenshot and no DOM. Both
    // windows end above the table's filters (which the script shows).
    let html = try String(contentsOf: page, encoding: .utf8)
    let refused = URL(
      fileURLWithPath: try scratch.write(
        "no-script.html",
        html.replacingOccurrences(
          of: "<head>",
          with: "<head><meta http-equiv=\"Content-Security-Policy\" content=\"script-src 'none'\">")))
    let (withScript, withoutScript) = (
      scratch.folder.appendingPathComponent("on.png"), scratch.folder.appendingPathComponent("off.png")
    )
    var on = try chromium.load(page, width: 1280, height: 520, screenshot: withScript)
    var off = try chromium.load(refused, width: 1280, height: 520, screenshot: withoutScript)
    // A loaded machine once gave one differing pair: the pictures must agree in a second pair then.
    if try Data(contentsOf: withScript) != Data(contentsOf: withoutScript) {
      on = try chromium.load(page, width: 1280, height: 520, screenshot: withScript)
      off = try chromium.load(refused, width: 1280, height: 520, screenshot: withoutScript)
    }
    #expect(on.console.isEmpty, "\(on.console)")
    // The one message: the page's script refused.
    #expect(off.console.count == 1 && off.console[0].contains("Content Security Policy"), "\(off.console)")
    try Self.expectScreenshot(withoutScript, width: 1280, height: 520, blank: Self.blank[0] * 520 / 800)
    #expect(try Data(contentsOf: withScript) == Data(contentsOf: withoutScript), "the pictures differ")

    let (withDOM, withoutDOM) = (ReportProbe(dom: on.dom), ReportProbe(dom: off.dom))
    let picture = withDOM.element("svg", class: "plot") ?? ""
    #expect(picture.contains("<g class=\"ad skipped\""))
    #expect(picture == withoutDOM.element("svg", class: "plot"), "the plot's SVG differs")
    #expect(withDOM.element("svg", class: "labels") == withoutDOM.element("svg", class: "labels"))
    // Without the script the filters stay hidden, and every row is there.
    #expect(off.dom.contains("<form class=\"filters\" hidden=\"\">"))
    #expect(!on.dom.contains("<form class=\"filters\" hidden"))
    #expect(
      withoutDOM.count("<tr id=\"row-") == withDOM.count("<tr id=\"row-")
        && withDOM.count("<tr id=\"row-") > 40)
  }

  /// examples/sgai/hls-vod's timeline.m3u8: "range" (X-TIMELINE-OCCUPIES=RANGE over 6 s,
  /// X-TIMELINE-STYLE=PRIMARY) and "point" (the defaults) as Chromium draws them: a box as tall
  /// as 6 s of content against a dot, the content's grey against an ad's amber.
  @Test func interstitialsAreDrawnAsTheirTimelineAttributesSay() async throws {
    let chromium = try Chromium()
    let scratch = try Scratch()
    let page = scratch.folder.appendingPathComponent("report.html")
    let source = try scratch.write(
      "source.json",
      #"{"sources": {"src": "https://cdn.example/sgai/vod/timeline.m3u8", "ssai": {"integration": "interstitials"}}}"#
    )
    let run = await adhost([
      "run", repositoryRoot.appendingPathComponent("plugins/interstitials.lua").path, source, "--offline",
      repositoryRoot.appendingPathComponent("examples/sgai/hls-vod/recording").path, "--no-segments",
      "--report", page.path,
    ])
    #expect(run.code == 0, "\(run.errors)")
    // After loading, each interstitial's box and its shape's fill as the browser computed them.
    let measure = """
      <script>window.addEventListener('load',function(){var g=document.querySelectorAll('svg.plot g.interstitial');
      for(var i=0;i<g.length;i++){var b=g[i].getBBox(),s=g[i].querySelector('rect,circle');
      g[i].setAttribute('data-box',Math.round(b.width)+'x'+Math.round(b.height));
      g[i].setAttribute('data-fill',getComputedStyle(s).fill);}});</script></body>
      """
    let html = try String(contentsOf: page, encoding: .utf8).replacingOccurrences(
      of: "</body>", with: measure)
    let measured = URL(fileURLWithPath: try scratch.write("measured.html", html))
    let load = try chromium.load(try ReportProbe.instrument(measured, in: scratch), width: 1280, height: 800)
    let dom = ReportProbe(dom: load.dom)
    #expect(dom.attribute("data-errors") == "[]")
    let range = try #require(dom.element("g", class: "interstitial range primary"))
    let point = try #require(dom.element("g", class: "interstitial point highlight"))
    func attribute(_ name: String, _ element: String) -> String? {
      element.range(of: name + "=\"").flatMap { found in
        element[found.upperBound...].split(separator: "\"", maxSplits: 1).first.map(String.init)
      }
    }
    let sizes = [range, point].map {
      attribute("data-box", $0)?.split(separator: "x").compactMap { Int($0) } ?? []
    }
    // The range is a box over 6 s of content (the lane shows 60 s in 138 px); the point is a
    // dot of 10 px with a line.
    #expect(sizes[0].count == 2 && sizes[0][1] >= 12, "\(sizes)")
    #expect(sizes[1].count == 2 && sizes[1][1] == 10, "\(sizes)")
    #expect(range.contains("<rect") && !range.contains("<circle"))
    #expect(point.contains("<circle") && !point.contains("<rect"))
    // Content-like grey against an ad's amber.
    #expect(attribute("data-fill", range) == "rgb(236, 236, 236)", "\(range)")
    #expect(attribute("data-fill", point) == "rgb(251, 227, 176)", "\(point)")
    #expect(dom.count("interstitial over a range of content, shown as content") == 1)
  }

  /// The probe sees what these tests must fail on: a script error, a console message, a
  /// request the page makes.
  @Test func aBrokenPageIsCaught() throws {
    let chromium = try Chromium()
    let scratch = try Scratch()
    let page = URL(
      fileURLWithPath: try scratch.write(
        "broken.html",
        "<!DOCTYPE html><html><head></head><body><img src=\"http://127.0.0.1:9/x.png\">"
          + "<script>console.log('hello'); null.f();</script></body></html>"))
    let load = try chromium.load(try ReportProbe.instrument(page, in: scratch), width: 390, height: 844)
    #expect(load.console.count == 2, "\(load.console)")
    let dom = ReportProbe(dom: load.dom)
    // The script's error and the image that did not load.
    #expect(dom.attribute("data-errors")?.contains("null") == true)
    #expect(dom.attribute("data-errors")?.contains("127.0.0.1:9") == true)
    #expect(dom.attribute("data-resources") == "1")
  }

  /// A run's ads as the page draws them: each play (`adbegin`), and each ad added that never began.
  static func adPlays(_ log: [[String: Any]]) -> Int {
    func key(_ event: [String: Any]) -> String {
      let ad = (event["ad"] as? [String: Any])?["id"] as? String ?? ""
      let offset = (event["adBreak"] as? [String: Any])?["timeOffset"].map { "\($0)" } ?? ""
      return ad + "@" + offset
    }
    let begun = Set(log.filter { $0["type"] as? String == "adbegin" }.map(key))
    let added = Set(log.filter { $0["type"] as? String == "addad" }.map(key))
    return log.filter { $0["type"] as? String == "adbegin" }.count + added.subtracting(begun).count
  }

  static func expectScreenshot(_ file: URL, width: Int, height: Int, blank: Int) throws {
    let data = try Data(contentsOf: file)
    let size = try #require(pngSize(data), "\(file.lastPathComponent) is no PNG")
    #expect(size.width == width && size.height == height, "\(size)")
    // A blank page compresses to a few kilobytes; a drawn one to many times that.
    #expect(blank > 0 && data.count > 8 * blank, "\(data.count) bytes against \(blank) for a blank page")
  }
}
