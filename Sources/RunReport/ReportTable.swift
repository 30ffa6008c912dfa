import PlayerSeam

/// The table below the picture: every entry of the log but `timeupdate`s, with filters by ad
/// and by type that the page's script shows (without it, the whole table is there).
struct ReportTable {
  let timeline: RunTimeline
  /// Failing checks, whose entries' rows are marked.
  var marks: [ReportMark] = []

  var html: String {
    var ads: [String] = []
    var types: [String] = []
    var seenAds = Set<String>()
    var seenTypes = Set<String>()
    var body = ""
    let rows = timeline.rows
    for (position, kept) in rows.kept.enumerated() {
      if position == rows.head.count && rows.omitted > 0 {
        body +=
          "<tr class=\"omitted\"><td colspan=\"6\">\(rows.omitted) more \(rows.omitted == 1 ? "entry" : "entries")"
        body +=
          " omitted (the table keeps the first \(rows.head.count) and the last \(rows.count - rows.head.count))"
        body += "</td></tr>"
      }
      let entry = kept.item.entry
      let type = Self.type(entry)
      if seenTypes.insert(type).inserted { types.append(type) }
      if let ad = entry.adId, seenAds.insert(ad).inserted { ads.append(ad) }
      let unmet = marks.filter { $0.entries.contains(kept.position) }.map(\.label)
      body += row(kept.number, kept.item, type: type, unmet: unmet)
    }
    var out =
      "<section class=\"log\" aria-labelledby=\"log-heading\"><h2 id=\"log-heading\">Every event and beacon</h2>"
    out += "<form class=\"filters\" hidden><label>Ad <select id=\"filter-ad\"><option value=\"\">all</option>"
    out += ads.map { "<option>\(HTML.escape($0))</option>" }.joined()
    out += "</select></label> <label>Type <select id=\"filter-type\"><option value=\"\">all</option>"
    if types.contains(where: { $0.hasPrefix("beacon:") }) && !seenTypes.contains("beacon") {
      types.append("beacon")
    }
    out += types.sorted().map { "<option>\(HTML.escape($0))</option>" }.joined()
    out += "</select></label> <output id=\"filter-count\" aria-live=\"polite\"></output></form>"
    out +=
      "<div class=\"table-scroll\"><table><thead><tr><th scope=\"col\">virtual</th><th scope=\"col\">content</th>"
    out += "<th scope=\"col\">type</th><th scope=\"col\">ad</th><th scope=\"col\">break</th>"
    out += "<th scope=\"col\">details</th></tr></thead><tbody>"
    return out + body + "</tbody></table></div></section>"
  }

  /// The type a row filters by: the entry's, with a beacon's VAST event (`beacon:start`).
  static func type(_ entry: LogEntry) -> String {
    guard entry.kind == .beacon, let event = entry.fields["event"]?.stringValue else {
      return entry.kind.rawValue
    }
    return "beacon:" + event
  }

  private func row(_ index: Int, _ item: ReportEntry, type: String, unmet: [String]) -> String {
    let entry = item.entry
    let ad = entry.adId ?? ""
    var classes = ""
    if !unmet.isEmpty {
      classes = " class=\"unmet\""
    } else if RunTimeline.isError(entry) {
      classes = " class=\"err\""
    } else if entry.kind == .beacon, Self.failedBeacon(entry) {
      classes = " class=\"failed\""
    }
    var out =
      "<tr id=\"row-\(index)\"\(classes) data-ad=\"\(HTML.escape(ad))\" data-type=\"\(HTML.escape(type))\">"
    out += "<td>\(HTML.seconds(entry.time))</td><td>\(HTML.seconds(item.contentTime))</td>"
    out += "<td>\(HTML.escape(type))</td><td>\(HTML.escape(ad))</td>"
    out += "<td>\(entry.adBreakTimeOffset.map(HTML.seconds) ?? "")</td><td>"
    if !unmet.isEmpty {
      out += "<strong class=\"unmet\">✕ \(HTML.escape(unmet.joined(separator: ", ")))</strong> "
    }
    out += entry.fields.map { member in
      let value = member.value.stringValue ?? member.value.jsonText
      return "<span class=\"k\">\(HTML.escape(member.key))</span>=\(HTML.escape(value))"
    }.joined(separator: " ")
    return out + "</td></tr>"
  }

  private static func failedBeacon(_ entry: LogEntry) -> Bool {
    if entry.fields["failure"] != nil { return true }
    guard let status = entry.fields["status"]?.numberValue else { return true }
    return !(200..<300).contains(status)
  }
}
