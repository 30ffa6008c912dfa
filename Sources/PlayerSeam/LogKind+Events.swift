extension LogKind {
  /// The kind of an event's entry: the event's name.
  public init(_ event: EventType) {
    switch event {
    case .sourcechange: self = .sourcechange
    case .play: self = .play
    case .playing: self = .playing
    case .pause: self = .pause
    case .timeupdate: self = .timeupdate
    case .seeking: self = .seeking
    case .seeked: self = .seeked
    case .ended: self = .ended
    case .error: self = .error
    case .cue: self = .cue
    case .addadbreak: self = .addadbreak
    case .removeadbreak: self = .removeadbreak
    case .adbreakbegin: self = .adbreakbegin
    case .adbreakend: self = .adbreakend
    case .updateadbreak: self = .updateadbreak
    case .addad: self = .addad
    case .updatead: self = .updatead
    case .adbegin: self = .adbegin
    case .adend: self = .adend
    case .adskip: self = .adskip
    case .aderror: self = .aderror
    case .adfirstquartile: self = .adfirstquartile
    case .admidpoint: self = .admidpoint
    case .adthirdquartile: self = .adthirdquartile
    case .interstitialstart: self = .interstitialstart
    case .assetlistloaded: self = .assetlistloaded
    case .interstitialassetstart: self = .interstitialassetstart
    case .interstitialassetend: self = .interstitialassetend
    case .interstitialerror: self = .interstitialerror
    case .interstitialend: self = .interstitialend
    case .waiting: self = .waiting
    case .addcue: self = .addcue
    case .removecue: self = .removecue
    case .loadedmetadata: self = .loadedmetadata
    }
  }
}
