import AdPlayer
import PlayerSeam

/// What a request must be like to match (`requests`, `noRequests`; docs/testing.md): its
/// method, its URL (a pattern; an exact URL is a pattern without `*`), query parameters, body
/// fields (a JSON path or a form field's name) or the whole body, and headers. A string value
/// is a pattern matched against the text of what was sent; any other JSON value must equal it.
struct RequestPattern {
  /// Where it is in the scenario (`requests[1]`).
  let path: String
  let method: String?
  let url: Glob?
  let query: [(name: String, value: Glob)]
  /// Body fields: a JSON path (`adsParams.userSegment`, `items[0].id`) or a form field's name,
  /// and the value expected there.
  let body: [(field: String, value: JSONValue)]
  /// The whole body's text.
  let bodyText: Glob?
  let headers: [(name: String, value: Glob)]

  static let members: Set<String> = ["method", "url", "query", "body", "headers"]

  /// The pattern of an object whose members the caller checked.
  init(_ json: ScenarioJSON) throws(ScenarioError) {
    path = json.path
    method = try json.member("method").string()?.uppercased()
    url = try json.member("url").string().map(Glob.init)
    query = try Self.patterns(json.member("query"))
    headers = try Self.patterns(json.member("headers"))
    let bodyJSON = json.member("body")
    if let text = bodyJSON.value.stringValue {
      (bodyText, body) = (Glob(text), [])
    } else if bodyJSON.isAbsent {
      (bodyText, body) = (nil, [])
    } else {
      guard let object = bodyJSON.value.objectValue else {
        throw bodyJSON.mismatch(
          "an object of body fields (JSON path or form field: value) or the body's text")
      }
      for member in object where RequestBody.pathParts(member.key) == nil {
        throw bodyJSON.member(member.key).error(
          "expected a JSON path such as adsParams.userSegment or items[0].id, or a form field's name")
      }
      (bodyText, body) = (nil, object.members.map { ($0.key, $0.value) })
    }
  }

  /// `{"name": "pattern", …}` as pairs.
  private static func patterns(_ json: ScenarioJSON) throws(ScenarioError) -> [(name: String, value: Glob)] {
    if json.isAbsent { return [] }
    var pairs: [(name: String, value: Glob)] = []
    guard let object = json.value.objectValue else { throw json.mismatch("an object") }
    for member in object {
      guard let text = member.value.stringValue else {
        throw json.member(member.key).mismatch("a string (a pattern)")
      }
      pairs.append((member.key, Glob(text)))
    }
    return pairs
  }
}

/// Requests that must have been made: which (`RequestPattern`), how many, when, and after which
/// others.
struct RequestExpectation {
  let pattern: RequestPattern
  /// Exactly this many (default: one per time in `at`, else 1), unless `atLeast` is given.
  let count: Int
  /// At least this many, instead of an exact count.
  let atLeast: Int?
  /// The virtual times of the requests, in order (one for all, or one per request).
  let at: [Double]?
  let tolerance: Double
  /// Only requests made from `between.from` to `between.to` (virtual seconds) count.
  let between: (from: Double, to: Double)?
  /// Each request matched comes after every request that `requests[after]` matches.
  let after: Int?

  var path: String { pattern.path }

  static let members: Set<String> = RequestPattern.members.union([
    "count", "atLeast", "at", "tolerance", "between", "after",
  ])

  init(_ json: ScenarioJSON, total: Int, defaultTolerance: Double = 0) throws(ScenarioError) {
    _ = try json.object(known: Self.members)
    pattern = try RequestPattern(json)
    at = try json.member("at").times()
    tolerance = try json.member("tolerance").seconds() ?? defaultTolerance
    atLeast = try json.member("atLeast").count()
    let given = try json.member("count").count()
    if given != nil && atLeast != nil {
      throw json.member("atLeast").error("expected count or atLeast, not both")
    }
    count = given ?? at?.count ?? 1
    if let at, at.count != 1, at.count != count || atLeast != nil {
      throw json.member("at").error("expected one time, or one per request (\(count))")
    }
    let window = json.member("between")
    if window.isAbsent {
      between = nil
    } else {
      let times = try window.times() ?? []
      guard times.count == 2, times[0] <= times[1] else {
        throw window.error("expected [FROM, TO], two times in seconds, FROM ≤ TO")
      }
      between = (times[0], times[1])
    }
    let afterJSON = json.member("after")
    after = try afterJSON.count()
    if let after, after >= total || "\(json.path)" == "requests[\(after)]" {
      throw afterJSON.error("expected the index of another expectation in requests (0 to \(total - 1))")
    }
  }
}
