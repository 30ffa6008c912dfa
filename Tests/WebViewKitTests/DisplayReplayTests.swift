import Foundation
import LoopbackHTTP
import Testing

/// A creative and its http subresource, recorded from a server on 127.0.0.1 and replayed offline
/// with the server gone: the engine's requests go through the host's proxy, into the recording.
@Suite(.serialized) struct DisplayReplayTests {
  let plugin = repositoryRoot.appendingPathComponent("plugins/omnibox.lua").path

  @Test func aRecordedCreativeAndItsImageReplayWithoutTheServer() async throws {
    let server = try LoopbackServer()
    let image = server.url("/creative/fill.svg").absoluteString
    server.route("/ads/direct") { _ in
      .text(
        #"<body style="margin:0"><img src="\#(image)" width="300" height="250"></body>"#, type: "text/html")
    }
    server.route("/creative/fill.svg") { _ in
      .text(
        ##"<svg xmlns="http://www.w3.org/2000/svg" width="300" height="250"><rect width="300" height="250" fill="#0a0"/></svg>"##,
        type: "image/svg+xml")
    }
    let scratch = try ScratchFolder()
    let placement = try scratch.write(
      "banner.json",
      #"{"integration": "omnibox", "placement": "replay_test", "width": 300, "height": 250, "endpoint": "\#(server.url("/ads/direct").absoluteString)"}"#
    )
    let recording = scratch.path("recording")
    let recorded = await display([plugin, placement, "--allow-http", "--record", recording])
    #expect(recorded.code == 0, "\(recorded.errors)")
    #expect(server.requests(for: "/creative/fill.svg").count == 1)
    server.stop()

    let shot = scratch.path("replay.png")
    let replayed = await display([
      plugin, placement, "--allow-http", "--offline", recording, "--screenshot", shot,
    ])
    #expect(replayed.code == 0, "\(replayed.errors)")
    // Both requests were answered from the recording; the server saw nothing more.
    #expect(server.requests.count == 2)
    let answered = replayed.events("request").compactMap { $0["url"] as? String }
    #expect(answered.contains(image))
    #expect(replayed.events("request").allSatisfy { $0["status"] as? Double == 200 })
    // The replayed image filled the slot.
    let png = try PNGImage(path: shot)
    #expect(png.fractionDiffering(from: [0, 0, 0, 0]) >= 0.9)
  }
}
