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
