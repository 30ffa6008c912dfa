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
    collecting = false
    // A text element goes straight to `endText`'s one switch over the text elements: one
    // indirect jump an element, where a test of `collectsText` compiled to a jump table, then
    // this switch, `endText`'s and `endCreativeText`'s were up to four.
    if name.collectsText {
      let value = text.trimmedString()
      if !value.isEmpty { endText(name, value) }
      return
    }
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
    default: break
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

  // The text is handed down `consuming`: its last use moves it into the model, where a borrowed
  // parameter was retained there and released by the caller (two atomic operations a text).
  private mutating func endText(_ name: XMLName, _ value: consuming String) {
    switch name {
    case .error:
      if case .some = ad { ad?.errors.append(value) } else { document.errors.append(value) }
    case .impression:
      // Made in the argument of the chain that takes it, as the media files are (see there).
      let id = attribute(.id)
      ad?.impressions.append(VASTImpression(id: id, url: value))
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
      let authority = attribute(.authority)
      ad?.categories.append(VASTCategory(authority: authority, value: value))
    case .descriptionElement: ad?.description = value
    case .advertiser: ad?.advertiser = value
    case .pricing:
      let model = attribute(.model)
      let currency = attribute(.currency)
      ad?.pricing = VASTPricing(model: model, currency: currency, value: value)
    case .expires:
      let seconds = integer(value, "Expires", in: 0...Int.max)
      ad?.expires = seconds
    case .viewable: viewable?.viewable.append(value)
    case .notViewable: viewable?.notViewable.append(value)
    case .viewUndetermined: viewable?.viewUndetermined.append(value)
    case .vastAdTagURI, .vastAdTagURL, .url:
      if wrapperInfo?.adTagURI.isEmpty == true { wrapperInfo?.adTagURI = value }
    case .universalAdId:
      let registry = attribute(.idRegistry)
      // `idValue` first, else the text (not `??`: its closure would capture the consumed text).
      if let idValue = attribute(.idValue) {
        creative?.universalAdIds.append(VASTUniversalAdId(idRegistry: registry, value: idValue))
      } else {
        creative?.universalAdIds.append(VASTUniversalAdId(idRegistry: registry, value: value))
      }
    case .durationElement:
      let seconds = VASTDuration.seconds(value)
      linear?.duration = seconds
      if seconds == nil { note("Duration '\(value)' is not HH:MM:SS(.mmm)") }
    case .adParameters:
      if (companion?.adParameters = value) == nil, (nonLinear?.adParameters = value) == nil {
        linear?.adParameters = value
      }
    case .mediaFile: appendMediaFile(value)
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

  private mutating func endTracking(_ value: consuming String) {
    let event: String
    switch attributes.knownValue(.event, KnownValues.trackingEvent) {
    case .value(let known): event = known
    case .absent: event = ""
    case .other: event = attributes.trimmedValue(.event) ?? ""
    }
    guard !event.isEmpty else {
      note("Tracking without an event attribute")
      return
    }
    var offset: VASTOffset?
    if event == "progress" {
      guard let offsetText = attribute(.offset) else {
        note("progress Tracking without an offset")
        return
      }
      guard let progress = self.offset(offsetText, "progress offset") else { return }
      offset = progress
    }
    // The innermost open owner takes it: `if case .some` looks at the stored owner in place
    // (`owner != nil` copied the whole struct first), and the event is made in the argument of
    // the chain that appends it (one made before was copied in and destroyed after, as the chain
    // might not run).
    if case .some = companion {
      companion?.trackingEvents.append(VASTTrackingEvent(event: event, url: value, offset: offset))
    } else if case .some = linear {
      linear?.trackingEvents.append(VASTTrackingEvent(event: event, url: value, offset: offset))
    } else {
      nonLinearAds?.trackingEvents.append(VASTTrackingEvent(event: event, url: value, offset: offset))
    }
  }

  private mutating func endResource(_ name: XMLName, _ value: consuming String) {
    let kind: VASTResource.Kind =
      name == .staticResource ? .staticResource : name == .iFrameResource ? .iFrame : .html
    let type = attribute(.creativeType, known: KnownValues.creativeType)
    if case .some = icon {
      icon?.resources.append(VASTResource(kind: kind, creativeType: type, value: value))
    } else if case .some = companion {
      companion?.resources.append(VASTResource(kind: kind, creativeType: type, value: value))
    } else {
      nonLinear?.resources.append(VASTResource(kind: kind, creativeType: type, value: value))
    }
  }

  private mutating func appendMediaFile(_ url: consuming String) {
    // The numbers first: they may note issues, with or without an open <Linear>.
    let width = integer(.width, "MediaFile width")
    let height = integer(.height, "MediaFile height")
    let bitrate = integer(.bitrate, "MediaFile bitrate")
    let minBitrate = integer(.minBitrate, "MediaFile minBitrate")
    let maxBitrate = integer(.maxBitrate, "MediaFile maxBitrate")
    let scalable = bool(.scalable, "MediaFile scalable")
    let maintainAspectRatio = bool(.maintainAspectRatio, "MediaFile maintainAspectRatio")
    let fileSize = integer(.fileSize, "MediaFile fileSize", in: 0...Int.max)
    // The open linear is taken out and put back (two moves), the file appended with its URL and
    // its fields set where it lies: a whole file built first (by an initialiser or field by field)
    // was copied into the array and the original destroyed, a retain and a release of each of its
    // strings (the optimizer does not forward a struct this large), and fields set through
    // `linear?` checked the optional and the array's uniqueness for each.
    guard var open = linear.take() else { return }
    open.mediaFiles.append(VASTMediaFile(url: url))
    let last = open.mediaFiles.count - 1
    open.mediaFiles[last].width = width
    open.mediaFiles[last].height = height
    open.mediaFiles[last].bitrate = bitrate
    open.mediaFiles[last].minBitrate = minBitrate
    open.mediaFiles[last].maxBitrate = maxBitrate
    open.mediaFiles[last].scalable = scalable
    open.mediaFiles[last].maintainAspectRatio = maintainAspectRatio
    open.mediaFiles[last].fileSize = fileSize
    open.mediaFiles[last].id = attribute(.id)
    open.mediaFiles[last].delivery = attribute(.delivery, known: KnownValues.delivery)
    open.mediaFiles[last].type = attribute(.type, known: KnownValues.mediaType)
    open.mediaFiles[last].codec = attribute(.codec)
    open.mediaFiles[last].mediaType = attribute(.mediaType)
    open.mediaFiles[last].apiFramework = attribute(.apiFramework)
    linear = consume open
  }

  private mutating func mezzanine(_ url: consuming String) -> VASTMezzanine {
    VASTMezzanine(
      url: url, id: attribute(.id), delivery: attribute(.delivery), type: attribute(.type),
      width: integer(.width, "Mezzanine width"),
      height: integer(.height, "Mezzanine height"),
      codec: attribute(.codec),
      fileSize: integer(.fileSize, "Mezzanine fileSize", in: 0...Int.max),
      mediaType: attribute(.mediaType))
  }
}
