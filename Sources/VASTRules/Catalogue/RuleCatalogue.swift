/// Every rule adhost judges documents and runs by, in one list: `adhost check --rules` prints
/// it, docs/check.md is written from it, and `--config` and a scenario's `strict.off` name its ids.
public enum RuleCatalogue {
  /// The rules checked over a document's tree, in catalogue order.
  static let documentRules: [DocumentRule] =
    DocumentRules.all + StructureRules.all + RequiredRules.all + ValueRules.all + MediaRules.all
    + ContentRules.all + URLRules.all + MacroRules.all + DeprecatedRules.all + VerificationRules.all
    + CTVRules.all + AdCOMRules.all + QRCodeRules.all + DAASTRules.all
    + VMAPRules.all
    + VMAPValueRules.all

  /// The rules checked over a VAST, a VMAP and a DAAST document, in catalogue order (a DAAST
  /// document's URLs are judged by the VAST URL rules too).
  static let vastRules = documentRules.filter { $0.kind == .vast }
  static let vmapRules = documentRules.filter { $0.kind == .vmap }
  static let daastRules = documentRules.filter { $0.kind == .daast || $0.rule.area == .urls }

  /// Every rule: reading, the document's tree, the run.
  public static let rules: [Rule] = ReadRules.all + documentRules.map(\.rule) + ChainRules.all + RunRules.all

  private static let byID: [String: Rule] = Dictionary(
    rules.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })

  /// The rule with id `id`.
  public static func rule(_ id: String) -> Rule? { byID[id] }
}
