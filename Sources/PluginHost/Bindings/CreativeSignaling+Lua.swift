import LuaKit
import PlaybackEngine

extension PluginHost {
  /// The SVTA creative signaling in `init.creativeSignaling` (the envelope as a table, as an
  /// interstitial asset's `creativeSignaling` gives it), if any; an error names its JSON path.
  static func creativeSignaling(in reader: InitReader) throws(ArgumentError) -> CreativeSignaling? {
    guard let value = reader.fields["creativeSignaling"], !value.isNil else { return nil }
    do {
      let json = try LuaJSON.json(value, path: "init.creativeSignaling")
      return try CreativeSignaling(json, path: "init.creativeSignaling")
    } catch {
      throw ArgumentError("\(reader.method): \(error)")
    }
  }
}
