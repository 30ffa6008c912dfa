extension MPDBuilder {
  /// Reads an Event's `ReplacePresentation` or `InsertPresentation` (a child of the Event open).
  /// One without a URI is an issue naming the line, not a refusal: the content plays on.
  mutating func alternativeMPDStart(_ name: MPDName) {
    let mode: MPDAlternativeMPD.Mode
    switch name {
    case .replacePresentation: mode = .replace
    case .insertPresentation: mode = .insert
    default: return
    }
    guard event != nil else { return }
    guard let uri = (attribute(.uri) ?? attribute(.url)).map(MPDText.trimmingSpaces), !uri.isEmpty else {
      mpd.issues.append("line \(line): \(path): expected a uri attribute (the ad-decision endpoint)")
      return
    }
    let maxDuration = integerAttribute(.maxDuration)
    let executeOnce = attribute(.executeOnce) == "true"
    event?.alternativeMPD = MPDAlternativeMPD(
      mode: mode, uri: uri, maxDuration: maxDuration, executeOnce: executeOnce)
  }

  /// An EventStream's `RequestParam` (Annex I): `useMPDUrlQuery="true"` copies the MPD URL's
  /// query onto its Alternative-MPD requests.
  mutating func requestParam() {
    guard attribute(.useMPDUrlQuery) == "true", !periods.isEmpty else { return }
    let period = periods.count - 1
    guard let stream = periods[period].eventStreams.indices.last else { return }
    periods[period].eventStreams[stream].copiesMPDQuery = true
  }
}
