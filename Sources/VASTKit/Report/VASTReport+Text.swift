extension VASTReport {
  /// The report as indented text: each ad with sequence, duration, skip offset, the chosen
  /// media file and every tracking URL by event.
  public func text(style: (String, String) -> String = { text, _ in text }) -> String {
    var lines: [String] = []
    let kind = resolved ? "resolved" : "parsed"
    lines.append(
      style("\(source)", "1") + " — \(kind)" + (version.map { ", VAST \($0)" } ?? "") + ", \(ads.count) ad(s)"
    )
    for url in rootErrors { lines.append("  root error: \(url)") }
    for entry in ads { lines += describe(entry, style: style) }
    for failure in failures {
      let name = failure.adId.map { "ad \($0)" } ?? "an ad"
      lines.append(style("failed: \(name) — error \(failure.code): \(failure.message)", "31"))
    }
    for issue in issues { lines.append(style("issue: \(issue)", "33")) }
    return lines.joined(separator: "\n")
  }

  private func describe(_ entry: Entry, style: (String, String) -> String) -> [String] {
    let ad = entry.ad
    var head = "Ad \(ad.id ?? "(no id)")"
    head += ad.sequence.map { " · sequence \($0)" } ?? " · stand-alone"
    head += ad.kind == .inLine ? " · InLine" : " · Wrapper"
    if entry.buffet { head += " · buffet" }
    if let system = ad.adSystem { head += " · \(system)" }
    if let title = ad.adTitle { head += " · \"\(title)\"" }
    var lines = ["", style(head, "1")]
    if let chain = entry.chain, chain.count > 1 { lines.append("  chain: " + chain.joined(separator: " → ")) }
    if let wrapper = ad.wrapper { lines.append("  VASTAdTagURI: \(wrapper.adTagURI)") }
    for impression in ad.impressions { lines.append("  impression: \(impression.url)") }
    for url in ad.errors { lines.append("  error: \(url)") }
    lines += entry.verifications.flatMap(describe)
    for creative in ad.creatives {
      lines.append("  creative \(creative.id ?? "(no id)")" + (creative.adId.map { " adId \($0)" } ?? ""))
      if let linear = creative.linear { lines += describe(linear, entry: entry, style: style) }
      if let nonLinear = creative.nonLinearAds {
        lines.append("    non-linear: \(nonLinear.nonLinears.count) creative(s)")
        lines += tracking(nonLinear.trackingEvents)
      }
      if let companions = creative.companionAds {
        for companion in companions.companions {
          let size = "\(companion.width.map(String.init) ?? "?")x\(companion.height.map(String.init) ?? "?")"
          lines.append("    companion \(size)" + (companion.clickThrough.map { " → \($0)" } ?? ""))
          for url in companion.clickTracking { lines.append("      click tracking: \(url)") }
        }
      }
    }
    return lines
  }

  private func describe(_ linear: VASTLinear, entry: Entry, style: (String, String) -> String) -> [String] {
    var lines: [String] = []
    let duration = linear.duration.map(VASTDuration.format) ?? "unknown"
    lines.append(
      "    linear · duration \(duration) · skip offset \(linear.skipOffset?.description ?? "none")")
    if let media = entry.selectedMedia {
      let size = "\(media.width.map(String.init) ?? "?")x\(media.height.map(String.init) ?? "?")"
      let bitrate = media.bitrate.map { " \($0) kbit/s" } ?? ""
      lines.append("    media: \(media.url) (\(media.type ?? "?") \(size)\(bitrate))")
    } else if let error = entry.mediaError {
      lines.append(style("    media: error \(error.code): \(error.message)", "31"))
    }
    lines.append(
      "    media files: \(linear.mediaFiles.count)" + (linear.mezzanines.isEmpty ? "" : ", mezzanine"))
    lines += tracking(linear.trackingEvents)
    if let through = linear.videoClicks.clickThrough { lines.append("    click through: \(through)") }
    for url in linear.videoClicks.clickTracking { lines.append("    click tracking: \(url)") }
    for icon in linear.icons {
      let offset = icon.offset.map { " at \($0)" } ?? ""
      let duration = icon.duration.map { " for \(VASTDuration.format($0))" } ?? ""
      lines.append("    icon \(icon.program ?? "?")\(offset)\(duration)")
      for url in icon.viewTracking { lines.append("      view tracking: \(url)") }
      for url in icon.clickTracking { lines.append("      click tracking: \(url)") }
    }
    return lines
  }

  /// `verification vendor (form): the OMID script, or that there is none`, and its tracking.
  private func describe(_ verification: VASTVerification) -> [String] {
    let form = verification.origin == .adVerifications ? "AdVerifications" : "Extension"
    let script = verification.omidResource.map { "OMID \($0.url)" } ?? "no OMID script (reason 2 if run)"
    var lines = ["  verification \(verification.vendor ?? "(no vendor)") (\(form)): \(script)"]
    for url in verification.trackingURLs("verificationNotExecuted") {
      lines.append("    verificationNotExecuted: \(url)")
    }
    return lines
  }

  private func tracking(_ events: [VASTTrackingEvent]) -> [String] {
    var order: [String] = []
    var byEvent: [String: [VASTTrackingEvent]] = [:]
    for event in events {
      let key = event.offset.map { "\(event.event) \($0)" } ?? event.event
      if byEvent[key] == nil { order.append(key) }
      byEvent[key, default: []].append(event)
    }
    guard !order.isEmpty else { return [] }
    var lines = ["    tracking:"]
    for key in order {
      for event in byEvent[key] ?? [] { lines.append("      \(key): \(event.url)") }
    }
    return lines
  }
}
