import PlayerSeam

/// An event that must appear (in order with the others) or must not appear: its kind (the
/// entry's `type`) and what else is given of it.
struct EventPattern {
  /// Where it is in the scenario (`events[2]`).
  let path: String
  let kind: LogKind
  let ad: String?
  let breakOffset: Double?
  let at: Double?
  let contentTime: Double?
  let tolerance: Double
  /// Members the entry must have with these values (strings as patterns).
  let fields: JSONObject

  static let members: Set<String> = ["type", "ad", "break", "at", "contentTime", "tolerance", "fields"]

  /// `other` with other times.
  init(_ other: EventPattern, at: Double?, contentTime: Double?) {
    (path, kind, ad, breakOffset) = (other.path, other.kind, other.ad, other.breakOffset)
    (self.at, self.contentTime, tolerance, fields) = (at, contentTime, other.tolerance, other.fields)
  }

  /// `other` with other fields.
  init(_ other: EventPattern, fields: JSONObject) {
    (path, kind, ad, breakOffset) = (other.path, other.kind, other.ad, other.breakOffset)
    (at, contentTime, tolerance, self.fields) = (other.at, other.contentTime, other.tolerance, fields)
  }

  /// An expectation whose times give no tolerance have none.
  init(_ json: ScenarioJSON) throws(ScenarioError) { try self.init(json, defaultTolerance: 0) }

  init(_ json: ScenarioJSON, defaultTolerance: Double) throws(ScenarioError) {
    _ = try json.object(known: Self.members)
    path = json.path
    let type = json.member("type")
    let name = try type.requiredString()
    guard let kind = LogKind(rawValue: name) else {
      throw type.error("expected the type of a log entry (adbegin, beacon, request, …), found \"\(name)\"")
    }
    self.kind = kind
    ad = try json.member("ad").string()
    breakOffset = try json.member("break").seconds()
    at = try json.member("at").seconds()
    contentTime = try json.member("contentTime").seconds()
    tolerance = try json.member("tolerance").seconds() ?? defaultTolerance
    let fieldsJSON = json.member("fields")
    if fieldsJSON.isAbsent {
      fields = JSONObject()
    } else {
      guard let object = fieldsJSON.value.objectValue else { throw fieldsJSON.mismatch("an object") }
      fields = object
    }
  }
}

/// Beacons that must have fired: which, how many times, when.
struct BeaconExpectation {
  let path: String
  let event: String
  let ad: String?
  let url: Glob?
  /// The virtual times of the beacons, in order (one per beacon).
  let at: [Double]?
  /// The content times of the beacons, in order.
  let contentTime: [Double]?
  let tolerance: Double
  let count: Int

  static let members: Set<String> = ["event", "ad", "url", "at", "contentTime", "tolerance", "count"]

  init(_ json: ScenarioJSON, defaultTolerance: Double = 0) throws(ScenarioError) {
    _ = try json.object(known: Self.members)
    path = json.path
    event = try json.member("event").requiredString()
    ad = try json.member("ad").string()
    url = try json.member("url").string().map(Glob.init)
    at = try json.member("at").times()
    contentTime = try json.member("contentTime").times()
    tolerance = try json.member("tolerance").seconds() ?? defaultTolerance
    let given = try json.member("count").count()
    count = given ?? at?.count ?? contentTime?.count ?? 1
    for (name, times) in [("at", at), ("contentTime", contentTime)] {
      if let times, times.count != count, times.count != 1 {
        throw json.member(name).error("expected one time, or one per beacon (\(count))")
      }
    }
  }
}

/// `aderror`s that must have happened: by message pattern and ad, how many.
struct ErrorExpectation {
  let path: String
  let message: Glob?
  let ad: String?
  let count: Int

  init(_ json: ScenarioJSON) throws(ScenarioError) {
    path = json.path
    if json.value.numberValue != nil {
      (message, ad, count) = (nil, nil, try json.count() ?? 0)
      return
    }
    _ = try json.object(known: ["message", "ad", "count"])
    message = try json.member("message").string().map(Glob.init)
    ad = try json.member("ad").string()
    count = try json.member("count").count() ?? 1
  }
}

/// The run's JSON Lines log compared with a golden file.
struct SnapshotExpectation {
  /// The golden file's path (resolved against the scenario's folder).
  let file: String
  /// Whether `timeupdate` entries are part of the snapshot (default false).
  let timeUpdates: Bool
  /// Whether `request` entries are part of the snapshot (default false).
  var requests = false
}

/// Everything a scenario says must hold of its run.
struct Expectations {
  var exit: Int32 = 0
  /// Expected `aderror`s; none means none may happen.
  var errors: [ErrorExpectation] = []
  var events: [EventPattern] = []
  var noEvents: [EventPattern] = []
  var beacons: [BeaconExpectation] = []
  /// Every beacon must be one of `beacons`.
  var noOtherBeacons = false
  /// Requests that must have been made.
  var requests: [RequestExpectation] = []
  /// Requests that must not have been made.
  var noRequests: [RequestPattern] = []
  var snapshot: SnapshotExpectation?
}
