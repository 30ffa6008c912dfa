/// What the VAST 4.4 draft schema (`vast_4.4.xsd`, 2026-07-17, "DRAFT for working group
/// discussion") adds for the CTV Ad Portfolio, in `SchemaTable`'s notation with the letter f for
/// 4.4: media files and a duration under an InLine `NonLinear` (MediaFiles then holds what a
/// Linear's does), icons under `NonLinearAds`, and `NonLinearCustomClick` back. The QR-code
/// elements stand inside a `CreativeExtension`, whose content the schema rules leave alone;
/// `Extension@ext` marks the AdCOM signals (`ext="adcom"`) of the CTV Ad Portfolio guidance.
///
/// The elements the draft leaves out (AltText, BlockedAdCategories, Expires,
/// IconClickFallbackImages) are kept: the draft is scoped to the CTV work, not removing them.
enum SchemaTable44 {
  static let text = """
    InLine:NonLinear MediaFiles:F Duration:F NonLinearCustomClick:f
    InLine:NonLinearAds Icons:F
    InLine:NonLinearCustomClick @id:f
    InLine:Extension @ext:f
    Wrapper:Extension @ext:f
    """
}
