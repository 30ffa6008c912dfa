import LuaKit
import PlaybackEngine
import VASTKit

extension PluginHost {
  /// `vast.plan(url, opts)` loads a VAST tag (`tagFunction`) and plans the client-side break it
  /// fills, by the rules the built-in `csai` integration follows (VASTKit's resolution with
  /// `VASTResolverOptions.media`): pod order, a stand-alone ad for each ad that failed or cannot
  /// play, a media file per ad. An ad without a usable duration (101) or a media file that fits
  /// (403) has its Error URLs fired with that code, and is a problem.
  /// This is the player it plans for: `opts.width`×`opts.height` (default 640×360),
  /// `opts.maxBitrate`, `opts.streaming`.
  static func planMedia(_ options: LuaValue) throws -> VASTMediaRequest? {
    let pixels = VASTAdBox.pixelRange
    var media = PlaybackEngine.clientSideMedia
    media.width = try options.whole("width", of: "vast.plan", in: pixels) ?? media.width
    media.height = try options.whole("height", of: "vast.plan", in: pixels) ?? media.height
    media.maxBitrate = try options.whole("maxBitrate", of: "vast.plan", in: pixels)
    media.prefersStreaming = options["streaming"].boolValue ?? false
    return media
  }

  /// `{plays = {{vast =, media =}, …}, problems = {{id =, sequence =, code =, message =,
  /// chain =}, …}, adCount = n}` (`adCount`: the ads the response resolved to, played or not), or
  /// `nil, {code =, message =}` as `vast.load` gives.
  static func planResult(_ result: Result<VASTResolution, VASTError>) -> [LuaValue] {
    switch result {
    case .failure(let error): return [.nil, vastErrorTable(error)]
    case .success(let plan):
      let plays: [LuaValue] = plan.ads.map { planned in
        var fields: [String: LuaValue] = ["vast": .object(VASTAdBox(ad: planned.ad, chain: planned.chain))]
        if let file = planned.media { fields["media"] = mediaTable(file) }
        return .dictionary(fields)
      }
      let problems: [LuaValue] = plan.unplayable.map { problem in
        var fields: [String: LuaValue] = [
          "code": .integer(Int64(clamping: problem.error.code.rawValue)),
          "message": .string(problem.error.message),
          "chain": .array(problem.chain.map { .string($0) }),
        ]
        fields["id"] = LuaValue(problem.adId)
        if let sequence = problem.sequence { fields["sequence"] = .integer(Int64(clamping: sequence)) }
        return .dictionary(fields.filter { !$0.value.isNil })
      }
      let adCount = plan.ads.count + plan.unplayable.count + plan.buffet.count
      return [
        ["plays": .array(plays), "problems": .array(problems), "adCount": .integer(Int64(clamping: adCount))]
      ]
    }
  }
}
