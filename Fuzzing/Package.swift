// swift-tools-version:6.0
import Foundation
import PackageDescription

// libFuzzer targets for adhost's parsers (docs/fuzzing.md). A package of its own, so that the main
// build and tests never see `-sanitize=fuzzer`; build it with scripts/fuzz.sh.
// SwiftPM names a package found by path after its folder, so the checkout's folder name it is.
let adhost = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .lastPathComponent.lowercased()
let fuzzTargets = [
  "fuzz-vast", "fuzz-vmap", "fuzz-json", "fuzz-hls", "fuzz-source", "fuzz-recording", "fuzz-mpd",
  "fuzz-media",
]
let domain: [String: [Target.Dependency]] = [
  "fuzz-vast": [.product(name: "VASTKit", package: adhost)],
  "fuzz-vmap": [.product(name: "VASTKit", package: adhost)],
  "fuzz-json": [.product(name: "OutsideText", package: adhost)],
  "fuzz-hls": [.product(name: "HLSKit", package: adhost)],
  "fuzz-source": [
    .product(name: "AdPlayer", package: adhost), .product(name: "PlayerSeam", package: adhost),
  ],
  "fuzz-recording": [.product(name: "HTTPKit", package: adhost)],
  "fuzz-mpd": [
    .product(name: "DASHKit", package: adhost), .product(name: "SCTE35Kit", package: adhost),
  ],
  "fuzz-media": [.product(name: "MediaKit", package: adhost)],
]

let package = Package(
  name: "adhost-fuzz",
  dependencies: [.package(path: "..")],
  targets: [.target(name: "CFuzzerDriver"), .target(name: "FuzzSupport", dependencies: ["CFuzzerDriver"])]
    + fuzzTargets.map { name in
      .executableTarget(name: name, dependencies: ["FuzzSupport"] + (domain[name] ?? []))
    }
)
