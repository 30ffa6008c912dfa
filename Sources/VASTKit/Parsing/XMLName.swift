import CLibXML2

/// The element and attribute names the parser acts on. libxml2 interns every name in its
/// parser dictionary, so after interning these once a name is recognised by its pointer.
enum XMLName: String, CaseIterable {
  // Elements.
  case vast = "VAST", videoAdServingTemplate = "VideoAdServingTemplate", ad = "Ad", inLine = "InLine"
  case wrapper = "Wrapper", adSystem = "AdSystem", adTitle = "AdTitle", error = "Error"
  case impression = "Impression", adServingId = "AdServingId", category = "Category"
  case descriptionElement = "Description", advertiser = "Advertiser", pricing = "Pricing"
  case expires = "Expires", viewableImpression = "ViewableImpression", viewable = "Viewable"
  case notViewable = "NotViewable", viewUndetermined = "ViewUndetermined"
  case adVerifications = "AdVerifications", extensions = "Extensions", creative = "Creative"
  case creativeExtensions = "CreativeExtensions", universalAdId = "UniversalAdId", linear = "Linear"
  case durationElement = "Duration", adParameters = "AdParameters", mediaFile = "MediaFile"
  case mezzanine = "Mezzanine", interactiveCreativeFile = "InteractiveCreativeFile"
  case closedCaptionFile = "ClosedCaptionFile", tracking = "Tracking", clickThrough = "ClickThrough"
  case clickTracking = "ClickTracking", customClick = "CustomClick", icon = "Icon"
  case staticResource = "StaticResource", iFrameResource = "IFrameResource", htmlResource = "HTMLResource"
  case iconClickThrough = "IconClickThrough", iconClickTracking = "IconClickTracking"
  case iconViewTracking = "IconViewTracking", nonLinearAds = "NonLinearAds", nonLinear = "NonLinear"
  case nonLinearClickThrough = "NonLinearClickThrough", nonLinearClickTracking = "NonLinearClickTracking"
  case companionAds = "CompanionAds", companion = "Companion", altText = "AltText"
  case companionClickThrough = "CompanionClickThrough", companionClickTracking = "CompanionClickTracking"
  case vastAdTagURI = "VASTAdTagURI", vastAdTagURL = "VASTAdTagURL", url = "URL"
  // Attributes.
  case id, sequence, conditionalAd, adType, version, followAdditionalWrappers, allowMultipleAds
  case fallbackOnNoAd, skipoffset, delivery, type, width, height, codec, bitrate, minBitrate, maxBitrate
  case scalable, maintainAspectRatio, fileSize, mediaType, apiFramework, event, offset, adId, idRegistry
  case idValue, authority, model, currency, language, variableDuration, program, xPosition, yPosition
  case duration, pxratio, creativeType, expandedWidth, expandedHeight, minSuggestedDuration, assetWidth
  case assetHeight, adSlotId, renderingMode, required
  /// The VAST 2.0/3.0 spelling of `adId` on `<Creative>`.
  case adIDLegacy = "AdID"

  /// Whether the element's text is kept.
  var collectsText: Bool {
    switch self {
    case .adSystem, .adTitle, .error, .impression, .adServingId, .category, .descriptionElement,
      .advertiser, .pricing, .expires, .viewable, .notViewable, .viewUndetermined, .universalAdId,
      .durationElement, .adParameters, .mediaFile, .mezzanine, .interactiveCreativeFile,
      .closedCaptionFile, .tracking, .clickThrough, .clickTracking, .customClick, .staticResource,
      .iFrameResource, .htmlResource, .iconClickThrough, .iconClickTracking, .iconViewTracking,
      .nonLinearClickThrough, .nonLinearClickTracking, .altText, .companionClickThrough,
      .companionClickTracking, .vastAdTagURI, .vastAdTagURL, .url:
      return true
    default:
      return false
    }
  }

  /// Whether the element is kept as raw XML, its content not parsed.
  var isRaw: Bool {
    self == .adVerifications || self == .extensions || self == .creativeExtensions
  }
}

/// The interned pointer of each name in one libxml2 dictionary, in a small open-addressing
/// table keyed by the pointer's bits (faster than hashing with `Hasher` on every element).
struct InternedNames<Name: RawRepresentable & CaseIterable> where Name.RawValue == String {
  private static var size: Int { 1024 }
  private var keys = [UInt](repeating: 0, count: 1024)
  private var values = [Name?](repeating: nil, count: 1024)

  /// Interns every name in `dictionary`.
  init(_ dictionary: OpaquePointer?) {
    guard dictionary != nil else { return }
    for name in Name.allCases {
      guard let pointer = xmlDictLookup(dictionary, name.rawValue, -1) else { continue }
      let key = UInt(bitPattern: pointer)
      var slot = Self.slot(key)
      while keys[slot] != 0 && keys[slot] != key { slot = (slot + 1) & (Self.size - 1) }
      keys[slot] = key
      values[slot] = name
    }
  }

  @inline(__always) private static func slot(_ key: UInt) -> Int {
    Int(truncatingIfNeeded: (key >> 3) ^ (key >> 13)) & (size - 1)
  }

  /// The name of an interned string, or nil for a name the parser ignores.
  @inline(__always)
  func name(_ pointer: UnsafePointer<xmlChar>?) -> Name? {
    guard let pointer else { return nil }
    let key = UInt(bitPattern: pointer)
    var slot = Self.slot(key)
    while true {
      let candidate = keys[slot]
      if candidate == key { return values[slot] }
      if candidate == 0 { return nil }
      slot = (slot + 1) & (Self.size - 1)
    }
  }
}
