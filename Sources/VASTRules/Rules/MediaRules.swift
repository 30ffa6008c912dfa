/// MediaFile, Mezzanine and the ad's media as a whole.
enum MediaRules {
  static let streamingTypes: Set<String> = [
    "application/x-mpegurl", "application/vnd.apple.mpegurl", "application/dash+xml", "audio/mpegurl",
    "audio/x-mpegurl", "application/vnd.ms-sstr+xml",
  ]

  static let all: [DocumentRule] = [
    FieldValueRules.enumeration(
      "mediafile-delivery-value", "MediaFile", "delivery", ["progressive", "streaming"], "VAST 4.3 §3.9.1"),
    FieldValueRules.enumeration(
      "mezzanine-delivery-value", "Mezzanine", "delivery", ["progressive", "streaming"], "VAST 4.3 §3.9.2"),
    FieldValueRules.enumeration(
      "mediafile-mediatype-value", "MediaFile", "mediaType", ["2D", "3D", "360"],
      "VAST 4.3 §3.9.1 (mediaType)"),
    DocumentRule(
      "mediafile-type-format", .error, .values, "MediaFile@type is a MIME type (`video/mp4`).",
      spec: "VAST 4.3 §3.9.1", fix: "write the file's MIME type"
    ) { scope, hits in
      for node in scope.elements("MediaFile") + scope.elements("Mezzanine") {
        guard let text = node.attribute("type"), !ValueFormats.isMIMEType(text) else { continue }
        hits.add(node, attribute: "type", "type '\(text)' is not a MIME type")
      }
    },
    DocumentRule(
      "mediafile-bitrate-range", .error, .values, "MediaFile@minBitrate is at most its maxBitrate.",
      spec: "VAST 4.3 §3.9.1", fix: "swap or correct minBitrate and maxBitrate"
    ) { scope, hits in
      for node in scope.elements("MediaFile") {
        guard let low = node.attribute("minBitrate").flatMap(ValueFormats.wholeNumber),
          let high = node.attribute("maxBitrate").flatMap(ValueFormats.wholeNumber), low > high
        else { continue }
        hits.add(node, attribute: "minBitrate", "minBitrate \(low) is above maxBitrate \(high)")
      }
    },
    DocumentRule(
      "mediafile-delivery-type", .warning, .values,
      "An HLS or DASH MediaFile is delivery=\"streaming\".",
      spec: "VAST 4.3 §3.9.1 (delivery)", fix: "set delivery to match the file's type"
    ) { scope, hits in
      for node in scope.elements("MediaFile") {
        guard let type = node.attribute("type")?.lowercased(), let delivery = node.attribute("delivery")
        else { continue }
        let streaming = streamingTypes.contains(type)
        if streaming && delivery == "progressive" {
          hits.add(node, attribute: "delivery", "a \(type) file with delivery=\"progressive\"")
        }
      }
    },
    DocumentRule(
      "mediafile-size-zero", .warning, .values, "A video MediaFile has a width and height above 0.",
      spec: "VAST 4.3 §3.9.1", fix: "write the video's pixel size"
    ) { scope, hits in
      for node in scope.elements("MediaFile") where node.attribute("type")?.hasPrefix("video/") == true {
        if node.attribute("width") == "0" || node.attribute("height") == "0" {
          hits.add(node, "a video file \(node.attribute("width") ?? "?")×\(node.attribute("height") ?? "?")")
        }
      }
    },
    DocumentRule(
      "ad-type-media", .warning, .values,
      "An audio ad's files are audio, a video ad's are video (Ad@adType, default video).",
      spec: "VAST 4.3 §3.3.1 (adType)", fix: "set adType to the media served"
    ) { scope, hits in
      for ad in scope.root.children("Ad") {
        let type = ad.attribute("adType") ?? "video"
        let files = ad.subtree.filter { $0.name == "MediaFile" }.compactMap { $0.attribute("type") }
        guard !files.isEmpty else { continue }
        if type == "audio", files.contains(where: { $0.hasPrefix("video/") }) {
          hits.add(ad, "an audio ad with video files")
        } else if type == "video", files.allSatisfy({ $0.hasPrefix("audio/") }) {
          hits.add(ad, "a video ad (adType default) whose files are all audio")
        }
      }
    },
    DocumentRule(
      "mediafile-duplicate", .info, .values, "No two MediaFiles of a Linear have the same URL.",
      spec: "VAST 4.3 §3.9.1", fix: "remove the repeated file"
    ) { scope, hits in
      for files in scope.elements("MediaFiles") {
        var seen: Set<String> = []
        for file in files.children("MediaFile") where !file.trimmedText.isEmpty {
          if !seen.insert(file.trimmedText).inserted { hits.add(file, "the same file URL again") }
        }
      }
    },
    DocumentRule(
      "mezzanine-recommended", .info, .required,
      "A VAST 4 linear InLine ad has a <Mezzanine> file for server-side stitching.",
      spec: "VAST 4.3 §3.9.2 (Mezzanine: required for SSAI)",
      fix: "add the high-quality source file as Mezzanine"
    ) { scope, hits in
      guard scope.version >= VASTVersion(4, 0) else { return }
      // A NonLinear's media files (VAST 4.4's CTV formats) are not stitched into the stream.
      for files in scope.elements("MediaFiles", in: "InLine")
      where files.child("Mezzanine") == nil && files.parent?.name == "Linear" {
        if files.children("MediaFile").contains(where: { $0.attribute("type")?.hasPrefix("video/") == true })
        {
          hits.add(files, "<MediaFiles> has no <Mezzanine>")
        }
      }
    },
  ]
}
