import Foundation
import TestFiles
import Testing

@testable import VASTRules

/// The shared VAST samples (`../shared/vast-samples` beside the checkout, when present): the
/// documents with a defect give exactly the error rules listed here, every other one none.
@Suite struct SampleDocumentTests {
  static let folder = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/vast-samples")

  /// The error rules each defective sample breaks, and why that is a defect.
  static let expectedErrors: [String: Set<String>] = [
    // Written broken on purpose (authored/README.md).
    "authored/errors/inline-bad-values.xml": [
      "attribute-integer", "creative-universaladid-missing", "duration-format", "percent-above-100",
      "progress-offset-missing", "skipoffset-format", "tracking-event-unknown",
    ],
    "authored/errors/malformed-truncated.xml": ["xml-malformed"],
    "authored/errors/unsupported-version-5.0.xml": [
      "creative-universaladid-missing", "vast-version-unsupported",
    ],
    "authored/errors/wrapper-missing-adtaguri.xml": ["wrapper-adtaguri-missing"],
    "vast-client-js/invalid-xmlfile.xml": ["xml-malformed"],
    // VAST 1.0: error 102.
    "iab/VAST 1-2.0 Samples/Tremor-Video-Samples/vast1Nonlinear.xml": ["vast-1-document"],
    "iab/VAST 1-2.0 Samples/Tremor-Video-Samples/vast1RegularLinear.xml": ["vast-1-document"],
    "iab/VAST 1-2.0 Samples/Tremor-Video-Samples/vast1VPAIDLinear.xml": ["vast-1-document"],
    "iab/VAST 1-2.0 Samples/vast1Nonlinear.xml": ["vast-1-document"],
    "iab/VAST 1-2.0 Samples/vast1RegularLinear.xml": ["vast-1-document"],
    "iab/VAST 1-2.0 Samples/vast1VPAIDLinear.xml": ["vast-1-document"],
    "vast-client-js/outdated-vast.xml": ["vast-1-document"],
    // Required by the spec and its XSD, missing.
    "iab/VAST 1-2.0 Samples/Tremor-Video-Samples/vast2Nonlinear.xml": ["inline-impression-missing"],
    "iab/VAST 1-2.0 Samples/Tremor-Video-Samples/vast2VPAIDLinear.xml": [
      "inline-impression-missing", "mediafile-delivery-missing",
    ],
    "iab/VAST 4.0 Samples/Inline_Non-Linear_Tag-test.xml": [
      "nonlinear-height-missing", "nonlinear-width-missing",
    ],
    "vast-client-js/empty-no-creative.xml": [
      "creatives-creative-missing", "inline-adservingid-missing", "inline-impression-missing",
    ],
    "vast-client-js/inline-linear.xml": ["creative-universaladid-missing", "inline-adservingid-missing"],
    "vast-client-js/vpaid.xml": [
      "creative-universaladid-missing", "inline-adservingid-missing", "linear-duration-missing",
    ],
    "vast-client-js/vpaid2.xml": [
      "creative-universaladid-missing", "inline-adservingid-missing", "inline-impression-missing",
      "mediafile-delivery-missing",
    ],
    // A Duration of "30"; xs:boolean "True"; NonLinearClickThrough right under a Wrapper's
    // NonLinearAds (and its StaticResource without creativeType); VAST 1.0's VASTAdTagURL.
    "vast-client-js/sample.xml": ["duration-format"],
    "vast-client-js/wrapper-attributes-multiple-ads.xml": ["attribute-boolean"],
    "vast-client-js/wrapper-a.xml": ["element-misplaced", "staticresource-creativetype-missing"],
    "vast-client-js/wrapper-b.xml": ["element-misplaced", "staticresource-creativetype-missing"],
    "vast-client-js/wrapper-legacy.xml": ["wrapper-adtagurl-legacy", "wrapper-adtaguri-missing"],
  ]

  static var documents: [String] {
    let found = FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []
    return found.filter { $0.hasSuffix(".xml") }.sorted()
  }

  @Test func eachSampleGivesExactlyItsExpectedErrors() throws {
    let documents = Self.documents
    guard !documents.isEmpty else {
      print("note: \(Self.folder.path) is not there; the shared VAST samples were not checked")
      return
    }
    #expect(documents.count == 105)
    let checker = DocumentChecker()
    for document in documents {
      let bytes = try Array(Data(contentsOf: Self.folder.appendingPathComponent(document)))
      let findings = checker.check(bytes, source: document)
      let errors = Set(findings.filter { $0.severity == .error }.map(\.rule))
      #expect(errors == Self.expectedErrors[document] ?? [], "\(document)")
    }
  }
}
