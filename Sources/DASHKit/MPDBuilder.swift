import CLibXML2
import CheckedNumbers
import Foundation
import SCTE35Kit

/// Builds an MPD from SAX events: the MPD's attributes, each Period's id, start and duration,
/// and its EventStreams' Events with their SCTE-35 messages (`MPDBuilder+SCTE35.swift`).
struct MPDBuilder {
  /// A Period as read, before `MPDLayout` places it.
  struct PendingPeriod {
    var id: String?
    var start: Double?
    var duration: Double?
    var line: Int
    var path: String
    var eventStreams: [MPDEventStream] = []
    var baseURL: String?
    var segmentInfo: MPDSegmentInfo?
    var adaptationSets: [MPDAdaptationSet] = []
  }

  let context: xmlParserCtxtPtr
  var mpd = MPD()
  var periods: [PendingPeriod] = []
  var failure: MPDError?
  var sawRoot = false

  /// The open elements' local names, and each one's path segment (`Period[2]`).
  private(set) var names: [String] = []
  private var segments: [String] = []
  /// Children seen so far per name, one table per open element.
  private var childCounts: [[String: Int]] = [[:]]
  var attributes: [String: String] = [:]
  var text = ""
  private var collecting: String?
  /// The Event being read, its stream's scheme, and its SCTE-35 message so far.
  var event: MPDEvent?
  var scheme: SCTE35Scheme?
  var signal: SCTE35Signal?
  var signalProblem: String?
  var eventHasChild = false
  var scte35CommandSeen = false
  private var eventCount = 0
  /// The adaptation set, Representation, segment information and `BaseURL` being read.
  var segmentReading = SegmentReading()

  init(context: xmlParserCtxtPtr) { self.context = context }

  /// The current line of the parser.
  var line: Int { Int(truncatingIfNeeded: context.pointee.input?.pointee.line ?? 0) }

  /// The open element's path, e.g. `MPD/Period[2]/EventStream[1]`.
  var path: String { segments.joined(separator: "/") }

  /// Rejects the document and stops the parser (the first failure wins).
  mutating func fail(_ message: String) {
    if failure == nil { failure = MPDError("line \(line): \(message)") }
    xmlStopParser(context)
  }

  /// Rejects an attribute's value: `MPD/Period[2]@start: expected …, got "…"`.
  mutating func failAttribute(_ name: String, _ expected: String) {
    fail("\(path)@\(name): expected \(expected), got \"\(attributes[name] ?? "")\"")
  }

  mutating func start(
    _ localname: UnsafePointer<xmlChar>?, _ count: Int32,
    _ attributeArray: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
  ) {
    guard failure == nil else { return }
    let name = localname.map { String(cString: $0) } ?? ""
    let seen = (childCounts[childCounts.count - 1][name] ?? 0) + 1
    childCounts[childCounts.count - 1][name] = seen
    childCounts.append([:])
    names.append(name)
    segments.append(
      ["Period", "EventStream", "Event", "AdaptationSet", "Representation", "S", "SegmentURL"].contains(name)
        ? "\(name)[\(seen)]" : name)
    attributes.removeAll(keepingCapacity: true)
    if let attributeArray {
      for index in 0..<Int(truncatingIfNeeded: count) {
        let base = attributeArray + index * 5
        guard let key = base[0], let start = base[3], let end = base[4] else { continue }
        let value = String(decoding: UnsafeBufferPointer(start: start, count: end - start), as: UTF8.self)
        attributes[String(cString: key)] = value
      }
    }
    if !sawRoot {
      sawRoot = true
      guard name == "MPD" else { return fail("the root element is <\(name)>, expected <MPD>") }
      return root()
    }
    if event != nil {
      eventHasChild = true
      if scheme != nil { scte35Start(name) }
      return
    }
    let parent = names.count >= 2 ? names[names.count - 2] : ""
    switch (parent, name) {
    case ("MPD", "Period") where names.count == 2: startPeriod()
    case ("MPD", "Location") where names.count == 2:
      collecting = name
      text = ""
    // Only inside the Period and EventStream read (not one nested elsewhere).
    case ("Period", "EventStream") where names.count == 3 && !periods.isEmpty: startEventStream()
    case ("EventStream", "Event") where names.count == 4 && streamOpen: startEvent()
    default: segmentStart(name, parent: parent)
    }
  }

  mutating func end() {
    guard failure == nil, let name = names.last else { return }
    if name == "EventStream" && names.count == 3 { streamOpen = false }
    segmentEnd(name)
    if event != nil {
      if names.count == eventDepth {
        finishEvent()
      } else if scheme != nil {
        scte35End(name)
      }
    } else if collecting == name {
      let location = text.trimmingCharacters(in: .whitespacesAndNewlines)
      if mpd.location == nil && !location.isEmpty { mpd.location = location }
      collecting = nil
    }
    names.removeLast()
    segments.removeLast()
    childCounts.removeLast()
  }

  mutating func characters(_ characters: UnsafePointer<xmlChar>?, _ length: Int32) {
    guard failure == nil, let characters, collecting != nil || event != nil || segmentReading.collectsText
    else { return }
    guard text.utf8.count < 1 << 20 else { return fail("\(path): over 1 MiB of text") }
    text += String(
      decoding: UnsafeBufferPointer(start: characters, count: Int(truncatingIfNeeded: length)), as: UTF8.self)
  }

  /// Takes the text collected so far.
  mutating func takeText() -> String {
    defer { text = "" }
    return text
  }

  private var eventDepth = 0
  /// Whether the EventStream open now was read (its Events go to it).
  private var streamOpen = false

  private mutating func root() {
    switch attributes["type"] ?? "static" {
    case "static": mpd.type = .onDemand
    case "dynamic": mpd.type = .live
    default: return failAttribute("type", "\"static\" or \"dynamic\"")
    }
    mpd.availabilityStartTime = dateAttribute("availabilityStartTime")
    mpd.publishTime = dateAttribute("publishTime")
    mpd.mediaPresentationDuration = durationAttribute("mediaPresentationDuration")
    mpd.minimumUpdatePeriod = durationAttribute("minimumUpdatePeriod")
    mpd.timeShiftBufferDepth = durationAttribute("timeShiftBufferDepth")
    mpd.suggestedPresentationDelay = durationAttribute("suggestedPresentationDelay")
    if mpd.type == .live && mpd.availabilityStartTime == nil && failure == nil {
      fail("MPD: a dynamic MPD needs availabilityStartTime (an xs:dateTime such as 2026-11-29T12:00:00Z)")
    }
  }

  private mutating func startPeriod() {
    guard periods.count < MPDParser.maxPeriods else {
      return fail("\(path): more than \(MPDParser.maxPeriods) Periods")
    }
    let id = attributes["id"]
    let start = durationAttribute("start")
    let duration = durationAttribute("duration")
    periods.append(PendingPeriod(id: id, start: start, duration: duration, line: line, path: path))
  }

  private mutating func startEventStream() {
    guard let uri = attributes["schemeIdUri"]?.trimmingCharacters(in: .whitespaces), !uri.isEmpty else {
      return fail("\(path): expected a schemeIdUri attribute")
    }
    var stream = MPDEventStream(schemeIdUri: uri)
    stream.value = attributes["value"]
    if let timescale = integerAttribute("timescale") {
      guard timescale > 0 else { return failAttribute("timescale", "a whole number above 0") }
      stream.timescale = timescale
    }
    if let offset = integerAttribute("presentationTimeOffset") { stream.presentationTimeOffset = offset }
    guard failure == nil else { return }
    periods[periods.count - 1].eventStreams.append(stream)
    streamOpen = true
  }

  private mutating func startEvent() {
    eventCount += 1
    guard eventCount <= MPDParser.maxEvents else {
      return fail("\(path): more than \(MPDParser.maxEvents) Events in the MPD")
    }
    var event = MPDEvent(line: line)
    event.id = attributes["id"]
    event.presentationTime = integerAttribute("presentationTime") ?? 0
    event.duration = integerAttribute("duration")
    event.messageData = attributes["messageData"]
    guard failure == nil, let stream = periods.last?.eventStreams.last else { return }
    self.event = event
    eventDepth = names.count
    scheme = SCTE35Scheme(rawValue: stream.schemeIdUri)
    signal = nil
    signalProblem = nil
    eventHasChild = false
    scte35CommandSeen = false
    text = ""
  }

  private mutating func finishEvent() {
    guard var event else { return }
    let body = takeText().trimmingCharacters(in: .whitespacesAndNewlines)
    if !eventHasChild && event.messageData == nil && !body.isEmpty { event.messageData = body }
    if scheme != nil {
      if let signalProblem {
        mpd.issues.append("line \(event.line): the SCTE-35 message cannot be read: \(signalProblem)")
      } else if let signal {
        event.scte35 = signal
      } else {
        mpd.issues.append(
          "line \(event.line): \(path): an SCTE-35 event without a SpliceInfoSection or Signal")
      }
    }
    let periodIndex = periods.count - 1
    let streamIndex = periods[periodIndex].eventStreams.count - 1
    periods[periodIndex].eventStreams[streamIndex].events.append(event)
    self.event = nil
    scheme = nil
  }
}
