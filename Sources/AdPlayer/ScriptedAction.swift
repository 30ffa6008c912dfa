import AdsCore
import OutsideText
import PlayerSeam

/// A scripted user action: at a virtual time, play, pause, seek, skip or click the playing ad,
/// or stop the run.
public struct ScriptedAction: Equatable, Sendable {
  /// What a click lands on.
  public typealias ClickTarget = PlayerSeam.ClickTarget

  /// What the user does.
  public enum Kind: Equatable, Sendable {
    /// Play (resume).
    case play
    /// Pause.
    case pause
    /// Seek to a content position in seconds.
    case seek(to: Double)
    /// Ask the playing ad's integration to skip it (its `skipAd`, or the default).
    case skip
    /// Click the playing ad, its icon or its companion.
    case click(ClickTarget)
    /// End the run.
    case stop
  }

  /// The virtual time in seconds.
  public var at: Double
  /// What to do.
  public var kind: Kind

  /// Creates an action.
  public init(at: Double, _ kind: Kind) {
    self.at = at
    self.kind = kind
  }

  /// The action's word in scripts and the log.
  public var name: String {
    switch kind {
    case .play: return "play"
    case .pause: return "pause"
    case .seek: return "seek"
    case .skip: return "skip"
    case .click: return "click"
    case .stop: return "stop"
    }
  }

  /// Decodes a script: a list of `{"at": 12, "do": "seek", "to": 30}` objects or bare words
  /// (`"pause"`), which happen at the previous entry's time (0 for the first).
  public static func script(json: JSONValue, path: String = "") throws(ModelDecodingError) -> [ScriptedAction]
  {
    guard let elements = json.arrayValue else {
      throw ModelDecodingError(
        path: path, expectation: "expected an array of actions, found \(json.kindDescription)")
    }
    var actions: [ScriptedAction] = []
    for (index, element) in elements.enumerated() {
      let previous = actions.last?.at ?? 0
      actions.append(try action(json: element, path: elementPath(path, index), defaultTime: previous))
    }
    return actions
  }

  /// Decodes a script from JSON text; a member named twice in one object is refused.
  public static func script(jsonText: String) throws(ModelDecodingError) -> [ScriptedAction] {
    let value: JSONValue
    do {
      value = try JSONValue.parse(jsonText, refusingRepeatedMembers: true)
    } catch {
      throw ModelDecodingError(error)
    }
    return try script(json: value)
  }

  private static func action(json: JSONValue, path: String, defaultTime: Double) throws(ModelDecodingError)
    -> ScriptedAction
  {
    if let word = json.stringValue {
      guard let kind = simpleKind(word) else {
        throw ModelDecodingError(
          path: path, expectation: "expected play, pause, skip, click or stop (seek needs an object)")
      }
      return ScriptedAction(at: defaultTime, kind)
    }
    let reader = try JSONReader(json, path: path)
    let at = try reader.number("at") ?? defaultTime
    // No script runs past a week of virtual time (the longest content, ContentTimeline.maxDuration).
    guard at.isFinite, at >= 0, at <= ContentTimeline.maxDuration else {
      throw ModelDecodingError(
        path: reader.path("at"), expectation: "expected a number of seconds ≥ 0 and at most 604800 (one week)"
      )
    }
    let word = try reader.requiredString("do")
    if word == "seek" {
      guard let target = try reader.number("to") else {
        throw ModelDecodingError(path: reader.path("to"), expectation: "expected a number")
      }
      guard target.isFinite, target >= 0, target <= ContentTimeline.maxDuration else {
        throw ModelDecodingError(
          path: reader.path("to"),
          expectation: "expected a number of seconds ≥ 0 and at most 604800 (one week)")
      }
      return ScriptedAction(at: at, .seek(to: target))
    }
    if word == "click", let targetName = try reader.string("target") {
      guard let target = ClickTarget(rawValue: targetName) else {
        throw ModelDecodingError(path: reader.path("target"), expectation: "expected ad, icon or companion")
      }
      return ScriptedAction(at: at, .click(target))
    }
    guard let kind = simpleKind(word) else {
      throw ModelDecodingError(
        path: reader.path("do"), expectation: "expected play, pause, seek, skip, click or stop")
    }
    return ScriptedAction(at: at, kind)
  }

  private static func simpleKind(_ word: String) -> Kind? {
    switch word {
    case "play": return .play
    case "pause": return .pause
    case "skip": return .skip
    case "click": return .click(.ad)
    case "stop": return .stop
    default: return nil
    }
  }
}

extension Player {
  /// Schedules actions on the clock (an `at` already past happens at once, in script order);
  /// each is logged as an `action` entry. An action runs after the other work due at its time
  /// (`TimerPhase.userAction`): an ad ending at that instant has ended. Returns the timers.
  @discardableResult
  public func schedule(_ actions: [ScriptedAction]) -> [TimerHandle] {
    let link = link
    return actions.map { action in
      loop.afterMicros(VirtualTime.micros(action.at) - loop.nowMicros, phase: .userAction) {
        link.player?.perform(action)
      }
    }
  }

  /// Performs one action now, after logging it as an `action` entry (a skip names the ad it
  /// asks to skip, or the ad and why it is refused — with `skippableIn`, the seconds the ad
  /// still has to play, when it is not skippable yet — or that there is none).
  public func perform(_ action: ScriptedAction) {
    let (adId, fields) = action.entry(ads: ads) { target, ad in click(target, on: ad) }
    appendLog(.action, adId: adId, fields: fields)
    switch action.kind {
    case .play: play()
    case .pause: pause()
    case .seek(let target): seek(to: target)
    case .skip: ads.skip()
    case .click: break
    case .stop: loop.stop("stopped by the script at \(VirtualTime.secondsText(loop.nowMicros)) s")
    }
  }

  /// Clicks `target` of `ad`: the `clickHandler` (the host's tracking) decides, else the default.
  private func click(_ target: ScriptedAction.ClickTarget, on ad: Ad) -> ClickOutcome {
    clickHandler?(target, ad) ?? ScriptedAction.defaultClick(target, on: ad)
  }

  /// Runs the loop until `until` (virtual seconds), a `stop`, or nothing is left to do.
  public func run(until limit: Double? = nil) -> LoopOutcome {
    loop.run(until: limit)
  }
}
