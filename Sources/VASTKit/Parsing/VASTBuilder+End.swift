import CLibXML2

extension VASTBuilder {
  /// Handles an end tag.
  mutating func end() {
    namespaces.leave(depth: stack.count)
    guard let top = stack.popLast() else { return }
    if rawDepth >= 0 {
      if stack.count + 1 == rawDepth, let top { endRawElement(top) }
      return
    }
    guard let name = top else { return }
    let value = name.collectsText ? text.trimmedString() : ""
    collecting = false
    switch name {
    case .ad: endAd()
    case .wrapper:
      if let info = wrapperInfo.take() {
        // Only this ad is unusable (101 when resolved); the document's other ads still play.
        if info.adTagURI.isEmpty { note("Wrapper (Ad id=\(ad?.id ?? "none")) has no VASTAdTagURI") }
        ad?.wrapper = info
      }
    case .inLine:
      if ad?.adSystem == nil {
        let id = ad?.id ?? "none"
        note("InLine (Ad id=\(id)) has no AdSystem")
      }
    case .creative:
      if let creative = creative.take() { ad?.creatives.append(consume creative) }
    case .linear:
      creative?.linear = linear.take()
    case .nonLinearAds:
      creative?.nonLinearAds = nonLinearAds.take()
    case .nonLinear:
      if let nonLinear = nonLinear.take() { nonLinearAds?.nonLinears.append(consume nonLinear) }
    case .companionAds:
      creative?.companionAds = companionAds.take()
    case .companion:
      if let companion = companion.take() { companionAds?.companions.append(consume companion) }
    case .icon:
      if let icon = icon.take() { linear?.icons.append(consume icon) }
    case .viewableImpression:
      ad?.viewableImpression = viewable.take()
    default:
      if !value.isEmpty { endText(name, value) }
    }
  }

  private mutating func endRawElement(_ name: XMLName) {
    let xml = endRaw()
    switch name {
    case .adVerifications: ad?.adVerificationsXML = xml
    case .extensions: ad?.extensionsXML = xml
    default: creative?.creativeExtensionsXML = xml
    }
  }

  private mutating func endAd() {
    // The ad is finished in place and moved into the document: bound to a `var` and appended,
    // it was copied (a retain of every string and array in it) and the original destroyed.
    guard case .some = ad else { return }
    guard adHasContent else {
      let id = ad?.id ?? "none"
      ad = nil
      fail(.schemaValidation, "Ad id=\(id) has neither InLine nor Wrapper")
      return
    }
    if ad?.kind == .wrapper, case .none = ad?.wrapper { ad?.wrapper = VASTWrapperInfo(adTagURI: "") }
    if let finished = ad.take() { document.ads.append(consume finished) }
  }

  private mutating func endText(_ name: XMLName, _ value: String) {
    switch name {
    case .error:
      if case .some = ad { ad?.errors.append(value) } else { document.errors.append(value) }
    case .impression:
      let impression = VASTImpression(id: attribute(.id), url: value)
      ad?.impressions.append(impression)
    case .adSystem:
      if let first = ad?.adSystem {
        // An ad has one AdSystem; of two, the first is kept (as vast-client-js does).
        note("a second AdSystem '\(value)' is ignored: the ad keeps the first, '\(first)'")
        return
      }
      ad?.adSystem = value
      let version = attribute(.version)
      ad?.adSystemVersion = version
    case .adTitle: ad?.adTitle = value
    case .adServingId: ad?.adServingId = value
    case .category:
      let category = VASTCategory(authority: attribute(.authority), value: value)
      ad?.categories.append(category)
    case .descriptionElement: ad?.description = value
    case .advertiser: ad?.advertiser = value
    case .pricing:
      let pricing = VASTPricing(model: attribute(.model), currency: attribute(.currency), value: value)
      ad?.pricing = pricing
    case .expires:
      let seconds = integer(value, "Expires", in: 0...Int.max)
      ad?.expires = seconds
    case .viewable: viewable?.viewable.append(value)
    case .notViewable: viewable?.notViewable.append(value)
    case .viewUndetermined: viewable?.viewUndetermined.append(value)
    case .vastAdTagURI, .vastAdTagURL, .url:
      if wrapperInfo?.adTagURI.isEmpty == true { wrapperInfo?.adTagURI = value }
    case .universalAdId:
      let id = VASTUniversalAdId(idRegistry: attribute(.idRegistry), value: attribute(.idValue) ?? value)
      creative?.universalAdIds.append(id)
    default:
      endCreativeText(name, value)
    }
  }

  private mutating func endCreativeText(_ name: XMLName, _ value: String) {
    switch name {
    case .durationElement:
      let seconds = VASTDuration.seconds(value)
      linear?.duration = seconds
      if seconds == nil { note("Duration '\(value)' is not HH:MM:SS(.mmm)") }
    case .adParameters:
      if (companion?.adParameters = value) == nil, (nonLinear?.adParameters = value) == nil {
        linear?.adParameters = value
      }
    case .mediaFile:
      let file = mediaFile(value)
      linear?.mediaFiles.append(consume file)
    case .mezzanine:
      let file = mezzanine(value)
      linear?.mezzanines.append(file)
    case .interactiveCreativeFile:
      let file = VASTInteractiveCreativeFile(
        url: value, type: attribute(.type), apiFramework: attribute(.apiFramework),
        variableDuration: bool(.variableDuration, "variableDuration"))
      linear?.interactiveCreativeFiles.append(file)
    case .closedCaptionFile:
      let file = VASTClosedCaptionFile(url: value, type: attribute(.type), language: attribute(.language))
      linear?.closedCaptionFiles.append(file)
    case .tracking: endTracking(value)
    case .clickThrough: linear?.videoClicks.clickThrough = value
    case .clickTracking: linear?.videoClicks.clickTracking.append(value)
    case .customClick: linear?.videoClicks.customClicks.append(value)
    case .staticResource, .iFrameResource, .htmlResource: endResource(name, value)
    case .iconClickThrough: icon?.clickThrough = value
    case .iconClickTracking: icon?.clickTracking.append(value)
    case .iconViewTracking: icon?.viewTracking.append(value)
    case .nonLinearClickThrough: nonLinear?.clickThrough = value
    case .nonLinearClickTracking: nonLinear?.clickTracking.append(value)
    case .altText: companion?.altText = value
    case .companionClickThrough: companion?.clickThrough = value
    case .companionClickTracking: companion?.clickTracking.append(value)
    default: break
    }
  }

  private mutating func endTracking(_ value: String) {
    guard let event = attributes.trimmedValue(.event), !event.isEmpty else {
      note("Tracking without an event attribute")
      return
    }
    var tracking = VASTTrackingEvent(event: event, url: value)
    if event == "progress" {
      guard let offsetText = attribute(.offset) else {
        note("progress Tracking without an offset")
        return
      }
      guard let offset = offset(offsetText, "progress offset") else { return }
      tracking.offset = offset
    }
    // The innermost open owner takes it, moved in: `if case .some` looks at the stored owner in
    // place (`owner != nil` copied the whole struct first), and an element handed to one of
    // several optional chains was copied for each.
    if case .some = companion {
      companion?.trackingEvents.append(consume tracking)
    } else if case .some = linear {
      linear?.trackingEvents.append(consume tracking)
    } else {
      nonLinearAds?.trackingEvents.append(consume tracking)
    }
  }

  private mutating func endResource(_ name: XMLName, _ value: String) {
    let kind: VASTResource.Kind =
      name == .staticResource ? .staticResource : name == .iFrameResource ? .iFrame : .html
    let resource = VASTResource(kind: kind, creativeType: attribute(.creativeType), value: value)
    if case .some = icon {
      icon?.resources.append(consume resource)
    } else if case .some = companion {
      companion?.resources.append(consume resource)
    } else {
      nonLinear?.resources.append(consume resource)
    }
  }

  private mutating func mediaFile(_ url: String) -> VASTMediaFile {
    // The numbers first (they may note issues, which mutates the builder), then the file in one
    // go: a file filled in between calls that mutate the builder was copied on its way out.
    let width = integer(.width, "MediaFile width")
    let height = integer(.height, "MediaFile height")
    let bitrate = integer(.bitrate, "MediaFile bitrate")
    let minBitrate = integer(.minBitrate, "MediaFile minBitrate")
    let maxBitrate = integer(.maxBitrate, "MediaFile maxBitrate")
    let scalable = bool(.scalable, "MediaFile scalable")
    let maintainAspectRatio = bool(.maintainAspectRatio, "MediaFile maintainAspectRatio")
    let fileSize = integer(.fileSize, "MediaFile fileSize", in: 0...Int.max)
    var file = VASTMediaFile(url: url)
    file.id = attribute(.id)
    file.delivery = attribute(.delivery)
    file.type = attribute(.type)
    file.width = width
    file.height = height
    file.codec = attribute(.codec)
    file.bitrate = bitrate
    file.minBitrate = minBitrate
    file.maxBitrate = maxBitrate
    file.scalable = scalable
    file.maintainAspectRatio = maintainAspectRatio
    file.fileSize = fileSize
    file.mediaType = attribute(.mediaType)
    file.apiFramework = attribute(.apiFramework)
    return file
  }

  private mutating func mezzanine(_ url: String) -> VASTMezzanine {
    VASTMezzanine(
      url: url, id: attribute(.id), delivery: attribute(.delivery), type: attribute(.type),
      width: integer(.width, "Mezzanine width"),
      height: integer(.height, "Mezzanine height"),
      codec: attribute(.codec),
      fileSize: integer(.fileSize, "Mezzanine fileSize", in: 0...Int.max),
      mediaType: attribute(.mediaType))
  }
}
