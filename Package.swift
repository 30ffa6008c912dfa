// swift-tools-version:6.0
import PackageDescription

// Layers, lowest first; a module only imports modules of the layers before its own (and, inside
// layer 3, the ones its target lists). docs/architecture.md's Modules table lists every target's
// dependencies, checked against this file by scripts/lint-layers.pl:
// 1. C — CLua, CLuaShim, CLibXML2, CLibEdit (libedit), CLuaBench (the benchmarks' C baseline),
//    CWebKitGTK, CWebViewShim, CGnuTLS, CTLSShim, CZlib, CGStreamer, CGstShim (Linux only); CheckedNumbers —
//    dependency-free Swift; OutsideText (the one reader and writer of outside text: JSON with
//    offsets and paths, ISO 8601 dates, the terminal escaper), on CheckedNumbers only.
// 2. LuaKit — Lua embedding, knows nothing about ads; AdhostSDK — the Lua SDK's files (sdk/).
// 3. The domain, no Lua: HardenedXML (the one libxml2 front-end, at the layer's bottom);
//    PlayerSeam (the model's values, the run log's entries and kinds, and the protocols of the
//    player the bridge drives); AdsCore (the ads registry and the SSAI controller's rules, which
//    every player shares); AdPlayer (the headless player: PlayerSeam's implementation on a
//    virtual clock, on AdsCore); AdCheck and RunReport (on PlayerSeam's log entries); HTTPKit (uses MediaKit); HLSKit; SCTE35Kit (the SCTE-35
//    values and binary decoder); DASHKit (uses HardenedXML, SCTE35Kit); MediaKit
//    (segments' timed metadata: MPEG-TS, fMP4/CMAF, ID3; uses SCTE35Kit); MediaWriter (test
//    streams with in-band ad signals, from a JSON spec; uses SCTE35Kit); VASTKit (uses
//    HardenedXML, HTTPKit); LoopbackHTTP (a 127.0.0.1 HTTP server: WebViewKit's proxy, tests'
//    servers); WebViewKit (uses HTTPKit, LoopbackHTTP, CTLSShim); GStreamerEngine (GStreamer in the
//    adhost-gst helper; uses HTTPKit, LoopbackHTTP); PlaybackEngine (playlists,
//    interstitials, client-side ads, native VAST tracking, on PlayerSeam's protocols).
// 4. PluginHost — binds PlayerSeam's protocols and the domain's services into Lua; never AdPlayer.
// 5. HeadlessHost (PluginHost on AdPlayer), AdhostCLI, adhost, adhost-bench, adhost-webview,
//    adhost-gst.
// Tests only: HTTPTestSupport (Tests/HTTPTestSupport), TestFiles (Tests/TestFiles), the test targets.
let package = Package(
  name: "adhost",
  products: [
    .executable(name: "adhost", targets: ["adhost"]),
    .executable(name: "adhost-bench", targets: ["adhost-bench"]),
    .library(name: "LuaKit", targets: ["LuaKit"]),
    .library(name: "OutsideText", targets: ["OutsideText"]),
    .library(name: "PlayerSeam", targets: ["PlayerSeam"]),
    .library(name: "AdPlayer", targets: ["AdPlayer"]),
    .library(name: "AdCheck", targets: ["AdCheck"]),
    .library(name: "VASTKit", targets: ["VASTKit"]),
    .library(name: "HLSKit", targets: ["HLSKit"]),
    .library(name: "DASHKit", targets: ["DASHKit"]),
    .library(name: "SCTE35Kit", targets: ["SCTE35Kit"]),
    .library(name: "MediaKit", targets: ["MediaKit"]),
    .library(name: "HTTPKit", targets: ["HTTPKit"]),
    .library(name: "PlaybackEngine", targets: ["PlaybackEngine"]),
    .library(name: "PluginHost", targets: ["PluginHost"]),
    .library(name: "HeadlessHost", targets: ["HeadlessHost"]),
    .library(name: "EngineHost", targets: ["EngineHost"]),
  ],
  targets: [
    .systemLibrary(
      name: "CLua", pkgConfig: "lua5.4",
      providers: [.apt(["liblua5.4-dev"]), .brew(["lua"])]),
    .target(name: "CLuaShim", dependencies: ["CLua"]),
    .target(name: "CheckedNumbers"),
    .target(name: "OutsideText", dependencies: ["CheckedNumbers"]),
    // The JSON-lines protocol of the helper processes (adhost-webview, adhost-gst).
    .target(name: "HelperLines", dependencies: ["OutsideText"]),
    .target(name: "LuaKit", dependencies: ["CLua", "CLuaShim", "CheckedNumbers"]),
    // The Lua SDK (sdk/adhost, sdk/_adhost), shipped beside the executable as a resource folder.
    .target(
      name: "AdhostSDK", path: "sdk", exclude: ["tests"], sources: ["AdhostSDK.swift"],
      resources: [.copy("adhost"), .copy("_adhost")]),
    .target(name: "CLuaBench", dependencies: ["CLua"]),

    .systemLibrary(
      name: "CLibXML2", pkgConfig: "libxml-2.0",
      providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]),
    // The one hardened libxml2 front-end (size cap, no network, entities refused, errors
    // captured, the per-parse box, cut-out fragments) that every XML reader goes through.
    .target(name: "HardenedXML", dependencies: ["CLibXML2"]),
    .target(name: "PlayerSeam", dependencies: ["CheckedNumbers", "OutsideText"]),
    // The ads registry and the SSAI controller's rules, which every player behind the seam shares.
    .target(name: "AdsCore", dependencies: ["PlayerSeam", "OutsideText"]),
    .target(name: "AdPlayer", dependencies: ["PlayerSeam", "AdsCore", "CheckedNumbers", "OutsideText"]),
    .target(name: "AdCheck", dependencies: ["PlayerSeam", "CheckedNumbers", "VASTRules"]),
    .target(name: "HTTPKit", dependencies: ["CheckedNumbers", "OutsideText", "MediaKit"]),
    .target(name: "HLSKit", dependencies: ["CheckedNumbers", "OutsideText"]),
    .target(name: "SCTE35Kit"),
    .target(name: "MediaKit", dependencies: ["SCTE35Kit"]),
    // Writes test streams with in-band ad signals: MPEG-TS, CMAF, packed audio, their playlists
    // and MPDs, from a JSON spec (`adhost media`, docs/media.md "Writing streams").
    .target(name: "MediaWriter", dependencies: ["SCTE35Kit", "CheckedNumbers", "OutsideText"]),
    .target(
      name: "DASHKit",
      dependencies: ["CLibXML2", "HardenedXML", "CheckedNumbers", "OutsideText", "SCTE35Kit"]),
    .target(name: "VASTKit", dependencies: ["CLibXML2", "HardenedXML", "HTTPKit", "CheckedNumbers"]),
    // The rule catalogue: every rule `adhost check` and the strict rules report by (docs/check.md).
    .target(name: "VASTRules", dependencies: ["CLibXML2", "HardenedXML", "OutsideText"]),
    .target(name: "LoopbackHTTP"),
    .target(name: "RunReport", dependencies: ["PlayerSeam", "CheckedNumbers"]),
    .target(name: "WebViewKit", dependencies: ["HTTPKit", "LoopbackHTTP", "CheckedNumbers", "OutsideText"]),
    // A real engine: GStreamer in the adhost-gst helper process, driven over JSON lines, its
    // requests answered by the host's proxy (docs/embedding.md). Lua-free; not on AdPlayer.
    .target(
      name: "GStreamerEngine",
      dependencies: ["HTTPKit", "LoopbackHTTP", "MediaKit", "PlayerSeam", "OutsideText", "CheckedNumbers"]),
    // The GStreamer player behind the seam (issue 39); so far the engine's events as the player's.
    .target(
      name: "GStreamerPlayer",
      dependencies: ["GStreamerEngine", "AdsCore", "PlaybackEngine", "PlayerSeam", "OutsideText", "CheckedNumbers"]),
    .target(
      name: "PlaybackEngine",
      dependencies: [
        "PlayerSeam", "HTTPKit", "HLSKit", "DASHKit", "SCTE35Kit", "VASTKit", "MediaKit", "CheckedNumbers",
        "OutsideText",
      ]),

    .target(
      name: "PluginHost",
      dependencies: [
        "LuaKit", "PlayerSeam", "PlaybackEngine", "VASTKit", "HTTPKit", "HLSKit", "DASHKit", "CheckedNumbers",
        "WebViewKit", "AdhostSDK", "OutsideText",
      ]),
    .target(name: "HeadlessHost", dependencies: ["PluginHost", "AdPlayer", "LuaKit", "PlayerSeam"]),
    .target(
      name: "EngineHost", dependencies: ["PluginHost", "GStreamerPlayer", "GStreamerEngine", "LuaKit", "PlayerSeam"]),
    .systemLibrary(
      name: "CLibEdit", pkgConfig: "libedit",
      providers: [.apt(["libedit-dev"]), .brew(["libedit"])]),
    .target(
      name: "AdhostCLI",
      dependencies: [
        "LuaKit", "AdPlayer", "PlayerSeam", "AdCheck", "VASTKit", "VASTRules", "HTTPKit", "PluginHost",
        "PlaybackEngine",
        "HeadlessHost", "EngineHost", "GStreamerEngine", "GStreamerPlayer", "CLibEdit", "CheckedNumbers", "RunReport", "WebViewKit", "OutsideText", "MediaWriter",
        "LoopbackHTTP",
      ]),
    .executableTarget(name: "adhost", dependencies: ["AdhostCLI"]),
    .executableTarget(
      name: "adhost-bench",
      dependencies: [
        "CLua", "CLuaBench", "LuaKit", "AdPlayer", "AdsCore", "PlayerSeam", "VASTKit", "CLibXML2",
        "CheckedNumbers",
        "AdhostCLI", "MediaKit", "MediaWriter", "HLSKit", "DASHKit", "AdCheck", "RunReport",
        "PlaybackEngine", "HTTPKit", "LoopbackHTTP", "OutsideText", "VASTRules",
      ],
      // The benchmarks' targets, which `adhost-bench SUITE --check` reads (docs/benchmarks.md).
      resources: [.copy("targets.json")]),

    // Fixtures and helpers the tests share that no program needs (a gzip bomb, an inline VAST ad,
    // a thread of its own for a host's loop).
    .target(name: "HTTPTestSupport", path: "Tests/HTTPTestSupport"),
    // Scratch folders and the repository's root, for the tests that write files and read the
    // repository's own (plugins, examples, types, docs).
    .target(name: "TestFiles", path: "Tests/TestFiles"),
    // Hostile segments (MediaWriter's segments broken on purpose): MediaKit's tests and its fuzz corpus.
    .target(name: "MediaFixtures", dependencies: ["MediaWriter"], path: "Tests/MediaFixtures"),
    // Real H.264 + AAC encoded by ffmpeg at test time, for the real engine's tests.
    .target(
      name: "RealMedia", dependencies: ["LoopbackHTTP", "MediaWriter", "TestFiles"], path: "Tests/RealMedia"),
    .testTarget(
      name: "SegmentLoadingTests",
      dependencies: [
        "PlaybackEngine", "AdPlayer", "AdCheck", "PlayerSeam", "HTTPKit", "HLSKit", "MediaKit",
        "MediaFixtures", "MediaWriter",
        "LoopbackHTTP",
        "SCTE35Kit",
      ]),
    .testTarget(
      name: "MediaKitTests", dependencies: ["MediaKit", "MediaFixtures", "MediaWriter", "SCTE35Kit"]),
    // The stream writer's specs and output, checked by MediaKit's readers and by ffprobe.
    .testTarget(
      name: "MediaWriterTests",
      dependencies: ["MediaWriter", "MediaKit", "OutsideText", "TestFiles", "SCTE35Kit"]),
    .testTarget(name: "CheckedNumbersTests", dependencies: ["CheckedNumbers"]),
    .testTarget(name: "OutsideTextTests", dependencies: ["OutsideText"]),
    .testTarget(name: "LuaKitTests", dependencies: ["LuaKit", "CLua"], exclude: ["Fixtures"]),
    .testTarget(name: "AdPlayerTests", dependencies: ["AdPlayer", "AdsCore", "PlayerSeam"]),
    .testTarget(name: "AdCheckTests", dependencies: ["AdCheck", "PlayerSeam", "VASTRules"]),
    .testTarget(name: "VASTRulesTests", dependencies: ["VASTRules", "AdCheck", "OutsideText", "TestFiles"]),
    .testTarget(
      name: "VASTKitTests",
      dependencies: ["VASTKit", "HTTPKit", "LoopbackHTTP", "HTTPTestSupport", "CLibXML2"],
      exclude: ["Fixtures"]),
    // Recording and replay: what requests send, secrets redacted, hosts mapped, segments trimmed.
    .testTarget(
      name: "HTTPKitTests",
      dependencies: [
        "HTTPKit", "LoopbackHTTP", "MediaKit", "MediaWriter", "OutsideText", "HTTPTestSupport",
      ]),
    .testTarget(name: "HLSKitTests", dependencies: ["HLSKit"]),
    .testTarget(name: "DASHKitTests", dependencies: ["DASHKit", "SCTE35Kit"]),
    // Cases written from what other projects' test suites assert (docs/vast.md "Agreement").
    .testTarget(name: "ConformanceTests", dependencies: ["VASTKit", "DASHKit", "HLSKit", "HardenedXML"]),
    .testTarget(name: "RunReportTests", dependencies: ["RunReport", "PlayerSeam"]),
    .testTarget(
      name: "PlayerSeamTests",
      dependencies: ["PlayerSeam", "AdPlayer", "PluginHost", "HTTPKit", "LuaKit", "HTTPTestSupport"]),
    // An app's use of PlaybackEngine from Swift, without Lua (docs/embedding.md).
    .testTarget(
      name: "PlaybackEngineTests",
      dependencies: [
        "PlaybackEngine", "AdPlayer", "AdsCore", "PlayerSeam", "HTTPKit", "VASTKit", "OutsideText",
        "LoopbackHTTP",
        "HTTPTestSupport",
      ]),
    // The GStreamer engine on real media: a clip encoded by ffmpeg, cut by MediaWriter, served on
    // 127.0.0.1 (skipped where GStreamer or ffmpeg is missing).
    .testTarget(
      name: "GStreamerEngineTests",
      dependencies: [
        "GStreamerEngine", "HTTPKit", "LoopbackHTTP", "MediaKit", "MediaWriter", "PlayerSeam", "TestFiles", "RealMedia",
      ]),
    .testTarget(
      name: "GStreamerPlayerTests", dependencies: ["GStreamerPlayer", "GStreamerEngine", "PlayerSeam"]),
    // Plugins on the real engine (issue 39): real media on 127.0.0.1, GStreamer in its helper.
    .testTarget(
      name: "EngineHostTests",
      dependencies: [
        "EngineHost", "AdhostCLI", "AdPlayer", "GStreamerEngine", "GStreamerPlayer", "HeadlessHost", "PluginHost",
        "PlaybackEngine", "PlayerSeam", "HTTPKit", "LoopbackHTTP", "MediaWriter", "RealMedia", "TestFiles",
      ]),
    // The Lua bridge driven from Swift: a HeadlessHost and its PluginHost, no CLI.
    .testTarget(
      name: "PluginHostTests",
      dependencies: [
        "PluginHost", "HeadlessHost", "AdPlayer", "LoopbackHTTP", "TestFiles", "HTTPKit", "PlayerSeam",
        "LuaKit", "PlaybackEngine", "MediaWriter", "HTTPTestSupport",
      ]),
    // End to end through the CLI: `adhost` commands run in-process (AdhostCLI) or as the built
    // executable, on plugins, examples and scenarios.
    .testTarget(
      name: "AdhostCLITests",
      dependencies: [
        "AdhostCLI", "AdPlayer", "PlayerSeam", "PluginHost", "VASTKit", "LoopbackHTTP", "HTTPTestSupport",
        "TestFiles", "MediaWriter", "MediaFixtures", "OutsideText", "LuaKit", "HTTPKit", "MediaKit",
      ]),
  ]
)

// The display engine: WebKitGTK (Debian's libwebkit2gtk-4.1-dev) in a helper process of its own,
// adhost-webview, which the host drives over a pipe (docs/display.md). Linux only: WebKitGTK is
// not packaged for macOS, where adhost builds without display ads.
#if os(Linux)
  package.products.append(.executable(name: "adhost-webview", targets: ["adhost-webview"]))
  package.targets += [
    .systemLibrary(
      name: "CWebKitGTK", pkgConfig: "webkit2gtk-4.1",
      providers: [.apt(["libwebkit2gtk-4.1-dev"])]),
    .target(name: "CWebViewShim", dependencies: ["CWebKitGTK"]),
    .executableTarget(name: "adhost-webview", dependencies: ["CWebViewShim", "HelperLines"]),
    // GnuTLS (Debian's libgnutls28-dev, a dependency of WebKitGTK's networking already): the TLS
    // server the engine's loopback proxy answers https requests with (docs/display.md).
    .systemLibrary(name: "CGnuTLS", pkgConfig: "gnutls", providers: [.apt(["libgnutls28-dev"])]),
    .target(name: "CTLSShim", dependencies: ["CGnuTLS"]),
    // zlib, for the tests that read screenshots back (Debian's zlib1g-dev, which WebKitGTK's
    // -dev package pulls in).
    .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
    .testTarget(
      name: "WebViewKitTests",
      dependencies: [
        "WebViewKit", "HTTPKit", "LoopbackHTTP", "CZlib", "AdhostCLI", "PluginHost", "CGnuTLS",
        "HeadlessHost", "AdPlayer",
      ]),
  ]
  package.targets.first { $0.name == "WebViewKit" }?.dependencies.append("CTLSShim")
#endif

// The real engine: GStreamer (Debian's libgstreamer1.0-dev, libgstreamer-plugins-bad1.0-dev) in a
// helper process of its own, adhost-gst, which GStreamerEngine drives over a pipe
// (docs/embedding.md). Linux only: on macOS GStreamerEngine builds and says the engine is missing.
#if os(Linux)
  package.products.append(.executable(name: "adhost-gst", targets: ["adhost-gst"]))
  package.targets += [
    .systemLibrary(
      name: "CGStreamer", pkgConfig: "gstreamer-mpegts-1.0",
      providers: [.apt(["libgstreamer1.0-dev", "libgstreamer-plugins-bad1.0-dev"])]),
    .target(name: "CGstShim", dependencies: ["CGStreamer"]),
    .executableTarget(name: "adhost-gst", dependencies: ["CGstShim", "HelperLines"]),
  ]
#endif
