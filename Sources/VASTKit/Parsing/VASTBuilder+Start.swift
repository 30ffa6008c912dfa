import CLibXML2

extension VASTBuilder {
  /// Handles libxml2's start-element event: records the namespace declarations, reads the
  /// known attributes, then `start`.
  mutating func startElement(
    _ localname: UnsafePointer<xmlChar>?, _ namespaceCount: Int32,
    _ declarations: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, _ count: Int32,
    _ attributeArray: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
  ) {
    if namespaceCount > 0 { namespaces.enter(depth: stack.count + 1, namespaceCount, declarations) }
    let name = names.name(localname)
    if name != nil && rawDepth < 0 {
      // Emptied and walked without testing first whether there is anything: those tests
      // mispredicted at each turn between elements with attributes and elements without.
      attributes.removeAll()
      if let attributeArray {
        var index = 0
        while index < Int(count) {
          let base = attributeArray + index * 5
          index += 1
          guard let attributeName = names.name(base[0]), let start = base[3], let end = base[4] else {
            continue
          }
          attributes.append(attributeName, start, end)
        }
      }
    }
    start(name)
  }

  /// Handles character data and CDATA: kept only inside text elements.
  mutating func characters(_ characters: UnsafePointer<xmlChar>?, _ length: Int32) {
    guard collecting, let characters else { return }
    text.append(characters, Int(length))
  }

  /// Handles a start tag whose known attributes are already in `attributes`.
  mutating func start(_ name: XMLName?) {
    stack.append(name)
    if !sawRoot {
      sawRoot = true
      guard let name else {
        fail(.schemaValidation, "the root element is not <VAST>")
        return
      }
      root(name)
      return
    }
    guard rawDepth < 0, let name else {
      collecting = false
      return
    }
    text.removeAll()
    collecting = name.collectsText
    if name.isRaw {
      beginRaw()
      return
    }
    switch name {
    case .ad:
      let sequence = integer(.sequence, "Ad sequence")
      let conditionalAd = bool(.conditionalAd, "Ad conditionalAd")
      let id = attribute(.id)
      let adType = attribute(.adType)
      ad = VASTAd(kind: .inLine)
      ad?.id = id
      ad?.sequence = sequence
      ad?.conditionalAd = conditionalAd
      ad?.adType = adType
      adHasContent = false
    case .inLine:
      ad?.kind = .inLine
      adHasContent = true
    case .wrapper:
      ad?.kind = .wrapper
      adHasContent = true
      var info = VASTWrapperInfo(adTagURI: "")
      info.followAdditionalWrappers = bool(.followAdditionalWrappers, "followAdditionalWrappers")
      info.allowMultipleAds = bool(.allowMultipleAds, "allowMultipleAds")
      info.fallbackOnNoAd = bool(.fallbackOnNoAd, "fallbackOnNoAd")
      wrapperInfo = info
    case .creative:
      let sequence = integer(.sequence, "Creative sequence")
      let id = attribute(.id)
      let adId = attribute(.adId) ?? attribute(.adIDLegacy)
      let apiFramework = attribute(.apiFramework)
      creative = VASTCreative()
      creative?.id = id
      creative?.sequence = sequence
      creative?.adId = adId
      creative?.apiFramework = apiFramework
    case .linear:
      let skipOffset = offset(attribute(.skipoffset), "Linear skipoffset")
      linear = VASTLinear()
      linear?.trackingEvents.reserveCapacity(16)
      linear?.skipOffset = skipOffset
    case .nonLinearAds: nonLinearAds = VASTNonLinearAds()
    case .nonLinear: startNonLinear()
    case .companionAds:
      var new = VASTCompanionAds()
      new.required = attribute(.required)
      companionAds = new
    case .companion: startCompanion()
    case .icon: startIcon()
    case .viewableImpression:
      var new = VASTViewableImpression()
      new.id = attribute(.id)
      viewable = new
    default: break
    }
  }

  private mutating func root(_ name: XMLName) {
    switch name {
    case .vast:
      let version = attributes.trimmedValue(.version) ?? ""
      document.version = version
      if version.isEmpty {
        note("VAST has no version attribute")
      } else if Self.isCommon(version) {
        // 2.0 to 4.3 as written by nearly every server: no splitting needed.
      } else if Self.isNewerMinor(version) {
        // VAST 4 tells players to ignore what they do not know; a 4.x past 4.3 keeps 4's schema.
        note("VAST version '\(version)' is newer than 4.3: read as 4.3 (elements it adds are ignored)")
      } else if !Self.supports(version) {
        fail(.unsupportedVersion, "VAST version '\(version)' is not supported (2.0 to 4.3 are)")
      }
    case .videoAdServingTemplate:
      fail(.unsupportedVersion, "VAST 1.0 (VideoAdServingTemplate) is not supported (2.0 to 4.3 are)")
    default:
      fail(.schemaValidation, "the root element is <\(name.rawValue)>, not <VAST>")
    }
  }

  /// True for 4.x with x above 3 (`4.4`, `4.10`, `4.4.1`): read as 4.3.
  static func isNewerMinor(_ version: String) -> Bool {
    let parts = version.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 2 || parts.count == 3, parts[0] == "4", let minor = Int(parts[1]) else {
      return false
    }
    return minor > 3 && parts.dropFirst(2).allSatisfy { Int($0) != nil }
  }

  /// True for the versions most documents carry, all supported.
  static func isCommon(_ version: String) -> Bool {
    switch version {
    case "2.0", "3.0", "4.0", "4.1", "4.2", "4.3": return true
    default: return false
    }
  }

  /// True for versions 2.x, 3.x and 4.0 to 4.3.
  static func supports(_ version: String) -> Bool {
    if isCommon(version) { return true }
    let parts = version.split(separator: ".", omittingEmptySubsequences: false)
    guard let major = parts.first.flatMap({ Int($0) }), parts.count <= 3 else { return false }
    let minor = parts.count > 1 ? Int(parts[1]) : 0
    guard let minor else { return false }
    switch major {
    case 2, 3: return true
    case 4: return minor <= 3
    default: return false
    }
  }

  // The open non-linear, companion and icon are made empty and their fields set where they lie:
  // one built in a local and returned was copied into place and the local destroyed, a retain and
  // a release of each of its strings (the optimizer does not forward structs this large). The
  // numbers are read first, in the order they were (each may note an issue).

  private mutating func startNonLinear() {
    let width = integer(.width, "NonLinear width")
    let height = integer(.height, "NonLinear height")
    let expandedWidth = integer(.expandedWidth, "NonLinear expandedWidth")
    let expandedHeight = integer(.expandedHeight, "NonLinear expandedHeight")
    let scalable = bool(.scalable, "NonLinear scalable")
    let maintainAspectRatio = bool(.maintainAspectRatio, "NonLinear maintainAspectRatio")
    var minSuggestedDuration: Double?
    if let text = attribute(.minSuggestedDuration) {
      minSuggestedDuration = VASTDuration.seconds(text)
      if minSuggestedDuration == nil { note("NonLinear minSuggestedDuration '\(text)' is not HH:MM:SS") }
    }
    nonLinear = VASTNonLinear()
    let id = attribute(.id)
    nonLinear?.id = id
    nonLinear?.width = width
    nonLinear?.height = height
    nonLinear?.expandedWidth = expandedWidth
    nonLinear?.expandedHeight = expandedHeight
    nonLinear?.scalable = scalable
    nonLinear?.maintainAspectRatio = maintainAspectRatio
    nonLinear?.minSuggestedDuration = minSuggestedDuration
    let apiFramework = attribute(.apiFramework)
    nonLinear?.apiFramework = apiFramework
  }

  private mutating func startCompanion() {
    let width = integer(.width, "Companion width")
    let height = integer(.height, "Companion height")
    let assetWidth = integer(.assetWidth, "Companion assetWidth")
    let assetHeight = integer(.assetHeight, "Companion assetHeight")
    let expandedWidth = integer(.expandedWidth, "Companion expandedWidth")
    let expandedHeight = integer(.expandedHeight, "Companion expandedHeight")
    companion = VASTCompanion()
    let id = attribute(.id)
    companion?.id = id
    companion?.width = width
    companion?.height = height
    companion?.assetWidth = assetWidth
    companion?.assetHeight = assetHeight
    companion?.expandedWidth = expandedWidth
    companion?.expandedHeight = expandedHeight
    let apiFramework = attribute(.apiFramework)
    companion?.apiFramework = apiFramework
    let adSlotId = attribute(.adSlotId)
    companion?.adSlotId = adSlotId
    let pxratio = attribute(.pxratio)
    companion?.pxratio = pxratio
    let renderingMode = attribute(.renderingMode)
    companion?.renderingMode = renderingMode
  }

  private mutating func startIcon() {
    let width = integer(.width, "Icon width")
    let height = integer(.height, "Icon height")
    var duration: Double?
    if let text = attribute(.duration) {
      duration = VASTDuration.seconds(text)
      if duration == nil { note("Icon duration '\(text)' is not HH:MM:SS") }
    }
    let offset = offset(attribute(.offset), "Icon offset")
    icon = VASTIcon()
    let program = attribute(.program)
    icon?.program = program
    icon?.width = width
    icon?.height = height
    let xPosition = attribute(.xPosition)
    icon?.xPosition = xPosition
    let yPosition = attribute(.yPosition)
    icon?.yPosition = yPosition
    icon?.duration = duration
    icon?.offset = offset
    let apiFramework = attribute(.apiFramework)
    icon?.apiFramework = apiFramework
    let pxratio = attribute(.pxratio)
    icon?.pxratio = pxratio
  }
}
