import Foundation
import Testing

@testable import VASTKit

@Suite struct MediaSelectionTests {
  private func podLinear() throws -> VASTLinear {
    let document = try VASTParser.parse(TestFixtures.data("authored/pod-three-ads-plus-buffet.xml"))
    return try #require(document.ads.first?.linear)
  }

  @Test func largestThatFitsThePlayer() throws {
    let linear = try podLinear()
    #expect(try linear.selectMediaFile(VASTMediaRequest(width: 1920, height: 1080)).id == "mf-hi")
    #expect(try linear.selectMediaFile(VASTMediaRequest(width: 1280, height: 720)).id == "mf-mid")
    #expect(try linear.selectMediaFile(VASTMediaRequest(width: 1000, height: 600)).id == "mf-lo")
    #expect(try linear.selectMediaFile(VASTMediaRequest(width: 320, height: 180)).id == "mf-lo")
  }

  @Test func bitrateCap() throws {
    let linear = try podLinear()
    #expect(
      try linear.selectMediaFile(VASTMediaRequest(width: 1920, height: 1080, maxBitrate: 2500)).id == "mf-mid"
    )
    #expect(
      try linear.selectMediaFile(VASTMediaRequest(width: 1920, height: 1080, maxBitrate: 100)).id == "mf-lo")
  }

  @Test func streamingWhenAsked() throws {
    let linear = try podLinear()
    let stream = try linear.selectMediaFile(
      VASTMediaRequest(width: 1920, height: 1080, prefersStreaming: true))
    #expect(stream.delivery == "streaming")
    let webm = try linear.selectMediaFile(
      VASTMediaRequest(width: 1280, height: 720, progressiveTypes: ["video/webm"]))
    #expect(webm.id == "mf-webm")
  }

  @Test func flvOnlyIs403() throws {
    let document = try VASTParser.parse(TestFixtures.data("authored/errors/inline-bad-values.xml"))
    let linear = try #require(document.ads.first?.linear)
    #expect(throws: VASTError.self) { try linear.selectMediaFile(VASTMediaRequest(width: 640, height: 360)) }
    do {
      _ = try linear.selectMediaFile(VASTMediaRequest(width: 640, height: 360))
    } catch {
      #expect(error.code == .noSupportedMediaFile)
      #expect(error.message.contains("video/x-flv"))
    }
  }

  @Test func vpaidIsNotPlayable() throws {
    var linear = VASTLinear()
    var vpaid = VASTMediaFile(url: "https://x.example/vpaid.js")
    vpaid.type = "video/mp4"
    vpaid.apiFramework = "VPAID"
    linear.mediaFiles = [vpaid]
    #expect(throws: VASTError(.noSupportedMediaFile, "no playable media file among 1 (video/mp4/?)")) {
      try linear.selectMediaFile(VASTMediaRequest(width: 640, height: 360))
    }
  }
}

@Suite struct ReportTests {
  @Test func reportChoosesMediaAndEncodes() throws {
    let document = try VASTParser.parse(TestFixtures.data("authored/pod-three-ads-plus-buffet.xml"))
    let report = VASTReport(
      source: "pod", document: document, media: VASTMediaRequest(width: 1280, height: 720))
    #expect(report.ads.first?.selectedMedia?.id == "mf-mid")
    let json = String(decoding: try JSONEncoder().encode(report), as: UTF8.self)
    #expect(json.contains("\"skipOffset\":\"00:00:05.000\""))
    let decoded = try JSONDecoder().decode(VASTReport.self, from: Data(json.utf8))
    #expect(decoded.ads.map(\.ad) == report.ads.map(\.ad))
    let text = report.text()
    #expect(text.contains("sequence 1"))
    #expect(text.contains("media: https://cdn.example/ads/ad1_720p.mp4"))
    #expect(text.contains("progress 00:00:10.000:"))
  }
}
