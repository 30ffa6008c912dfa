/// The VMAP element and attribute names the VMAP builder acts on, recognised by their interned
/// pointer (`InternedNames`) as `XMLName` is for VAST.
enum VMAPName: String, CaseIterable {
  // Elements (local names: the `vmap:` prefix is not part of them).
  case vmap = "VMAP", adBreak = "AdBreak", adSource = "AdSource", vastAdData = "VASTAdData"
  case vastData = "VASTData", adTagURI = "AdTagURI", tracking = "Tracking", customAdData = "CustomAdData"
  case extensions = "Extensions"
  // Attributes.
  case version, breakId, timeOffset, breakType, repeatAfter, id, allowMultipleAds, followRedirects
  case templateType, event
}
