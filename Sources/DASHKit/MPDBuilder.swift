import CLibXML2
import CheckedNumbers
import Foundation
import HardenedXML
import SCTE35Kit

/// Builds an MPD from SAX events: the MPD's attributes, each Period's id, start and duration,
/// and its EventStreams' Events with their SCTE-35 messages (`MPDBuilder+SCTE35.swift`).
///
/// It is a large struct, mutated in place through its box (`MPDParseBox`). What reads it from a
/// mutating method is inlined or static: a non-mutating method called from a mutating one made
/// Swift copy the whole builder (a `memcpy` and a retain of every reference in it) first, several
/// times per element (`adhost-bench mpd`, callgrind: 13 % of the read).
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
  /// The element names, interned in the document's dictionary.
  let names: InternedNames<MPDName>
  var mpd = MPD()
  var periods: [PendingPeriod] = []
  var failure: MPDError?
  var sawRoot = false

  /// An open element: its name as libxml2 gave it (interned in the parser's dictionary, so it
  /// lives as long as the document is read), what it is, its number among its parent's children
  /// of its name when paths number it, and its own children counted so.
  struct OpenElement {
    var localname: UnsafePointer<xmlChar>?
    var name: MPDName
    var index: Int32
    var childCounts = SIMD8<Int32>()
  }

  /// The open elements, outermost first; the path is made from them only when a message needs it.
  private(set) var elements: [OpenElement] = []
  /// The root element's count, as for any other parent's children.
  private var documentCounts = SIMD8<Int32>()
  /// The start tag being read's attributes; none outside `start`, nor after the parser stopped.
  private(set) var tag: MPDStartTag
  var text = ""
  private var collecting: MPDName?
  /// Whether libxml2 calls `characters`: only while text is kept (a `Location`, a `BaseURL`, an
  /// Event), so that the white space between the other elements costs no call into Swift.
  private var charactersOn = false
  /// The Event being read (while `eventDepth` > 0), its stream's scheme, and its SCTE-35 message
  /// so far.
  var event: MPDEvent?
  /// The depth of the Event being read; 0 when none is.
  private(set) var eventDepth = 0
  var scheme: SCTE35Scheme?
  var signal: SCTE35Signal?
  var signalProblem: String?
  var eventHasChild = false
  var scte35CommandSeen = false
  private var eventCount = 0
  /// The adaptation set, Representation, segment information and `BaseURL` being read.
  var segmentReading = SegmentReading()

  /// A builder for the document read on `context`, whose dictionary `names` and `tag` intern
  /// their names in. Until it is done, libxml2 calls `characters` only when it asks.
  init(context: xmlParserCtxtPtr, names: InternedNames<MPDName>, tag: MPDStartTag) {
    self.context = context
    self.names = names
    self.tag = tag
    context.pointee.sax.pointee.characters = nil
  }

  /// The current line of the parser.
  @inline(__always) var line: Int { Int(truncatingIfNeeded: context.pointee.input?.pointee.line ?? 0) }

  /// How many elements are open.
  @inline(__always) var depth: Int { elements.count }

  /// The open element's parent's name, or nil at the root.
  @inline(__always) var parentName: MPDName? {
    elements.count >= 2 ? elements[elements.count - 2].name : nil
  }

  /// The start tag's attribute `name`'s value as bytes (the last one so named, without its prefix).
  @inline(__always) func attributeBytes(_ name: MPDAttribute) -> UnsafeBufferPointer<UInt8>? {
    tag.bytes(name)
  }

  /// The start tag's attribute `name`'s value.
  @inline(__always) func attribute(_ name: MPDAttribute) -> String? { tag.string(name) }

  /// Rejects the document and stops the parser (the first failure wins).
  mutating func fail(_ message: String) {
    if failure == nil { failure = MPDError("line \(line): \(message)") }
    xmlStopParser(context)
    // Stopping frees libxml2's input, which the start tag's attribute values point into: what
    // reads an attribute after this (the rest of the element's start) must find none.
    tag.forget()
  }

  /// Rejects an attribute's value: `MPD/Period[2]@start: expected …, got "…"`.
  mutating func failAttribute(_ name: MPDAttribute, _ expected: String) {
    fail("\(path)@\(name.name): expected \(expected), got \"\(attribute(name) ?? "")\"")
  }

  mutating func start(
    _ localname: UnsafePointer<xmlChar>?, _ count: Int32,
    _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
  ) {
    guard failure == nil else { return }
    let name = names.name(localname) ?? .other
    var index: Int32 = 0
    if let slot = name.indexSlot {
      if elements.isEmpty {
        documentCounts[slot] &+= 1
        index = documentCounts[slot]
      } else {
        elements[elements.count - 1].childCounts[slot] &+= 1
        index = elements[elements.count - 1].childCounts[slot]
      }
    }
    elements.append(OpenElement(localname: localname, name: name, index: index))
    tag.begin(attributes, count: count)
    read(name)
    tag.forget()
    updateCharacters()
  }

  /// Reads the start of element `name` (open, its attributes in `tag`).
  @inline(__always)
  private mutating func read(_ name: MPDName) {
    if !sawRoot {
      sawRoot = true
      guard name == .mpd else {
        let found = elements[0].localname.map { String(cString: $0) } ?? ""
        return fail("the root element is <\(found)>, expected <MPD>")
      }
      return root()
    }
    if eventDepth > 0 {
      eventHasChild = true
      if scheme != nil { scte35Start(name) }
      if depth == eventDepth + 1 { alternativeMPDStart(name) }
      return
    }
    let parent = parentName
    switch (parent, name) {
    case (.mpd, .period) where depth == 2: startPeriod()
    case (.mpd, .location) where depth == 2:
      collecting = name
      text = ""
    // Only inside the Period and EventStream read (not one nested elsewhere).
    case (.eventStream, .event) where depth == 4 && streamOpen: startEvent()
    case (.period, .eventStream) where depth == 3 && !periods.isEmpty: startEventStream()
    case (.eventStream, .requestParam) where depth == 4 && streamOpen: requestParam()
    default: segmentStart(name, parent: parent)
    }
  }

  mutating func end() {
    guard failure == nil, let name = elements.last?.name else { return }
    if name == .eventStream && depth == 3 { streamOpen = false }
    segmentEnd(name)
    if eventDepth > 0 {
      if depth == eventDepth {
        finishEvent()
      } else if scheme != nil {
        scte35End(name)
      }
    } else if collecting == name {
      let location = MPDText.trimmingSpacesAndNewlines(text)
      if mpd.location == nil && !location.isEmpty { mpd.location = location }
      collecting = nil
    }
    elements.removeLast()
    updateCharacters()
  }

  /// Has libxml2 call `characters` while text is kept, and not otherwise.
  @inline(__always)
  private mutating func updateCharacters() {
    let wanted = collecting != nil || eventDepth > 0 || segmentReading.collectsText
    guard wanted != charactersOn else { return }
    charactersOn = wanted
    context.pointee.sax.pointee.characters = wanted ? MPDSAX.characters : nil
  }

  mutating func characters(_ characters: UnsafePointer<xmlChar>?, _ length: Int32) {
    guard failure == nil, let characters, collecting != nil || eventDepth > 0 || segmentReading.collectsText
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

  /// Whether the EventStream open now was read (its Events go to it).
  private var streamOpen = false

  private mutating func root() {
    switch attribute(.type) ?? "static" {
    case "static": mpd.type = .onDemand
    case "dynamic": mpd.type = .live
    default: return failAttribute(.type, "\"static\" or \"dynamic\"")
    }
    mpd.availabilityStartTime = dateAttribute(.availabilityStartTime)
    mpd.publishTime = dateAttribute(.publishTime)
    mpd.mediaPresentationDuration = durationAttribute(.mediaPresentationDuration)
    mpd.minimumUpdatePeriod = durationAttribute(.minimumUpdatePeriod)
    mpd.timeShiftBufferDepth = durationAttribute(.timeShiftBufferDepth)
    mpd.suggestedPresentationDelay = durationAttribute(.suggestedPresentationDelay)
    if mpd.type == .live && mpd.availabilityStartTime == nil && failure == nil {
      fail("MPD: a dynamic MPD needs availabilityStartTime (an xs:dateTime such as 2026-11-29T12:00:00Z)")
    }
  }

  private mutating func startPeriod() {
    guard periods.count < MPDParser.maxPeriods else {
      return fail("\(path): more than \(MPDParser.maxPeriods) Periods")
    }
    let id = attribute(.id)
    let start = durationAttribute(.start)
    let duration = durationAttribute(.duration)
    periods.append(PendingPeriod(id: id, start: start, duration: duration, line: line, path: path))
  }

  private mutating func startEventStream() {
    guard let uri = attribute(.schemeIdUri).map(MPDText.trimmingSpaces), !uri.isEmpty else {
      return fail("\(path): expected a schemeIdUri attribute")
    }
    var stream = MPDEventStream(schemeIdUri: uri)
    stream.value = attribute(.value)
    if let timescale = integerAttribute(.timescale) {
      guard timescale > 0 else { return failAttribute(.timescale, "a whole number above 0") }
      stream.timescale = timescale
    }
    if let offset = integerAttribute(.presentationTimeOffset) { stream.presentationTimeOffset = offset }
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
    event.id = attribute(.id)
    event.presentationTime = integerAttribute(.presentationTime) ?? 0
    event.duration = integerAttribute(.duration)
    event.messageData = attribute(.messageData)
    guard failure == nil, let stream = periods.last?.eventStreams.last else { return }
    self.event = event
    eventDepth = depth
    scheme = SCTE35Scheme(rawValue: stream.schemeIdUri)
    signal = nil
    signalProblem = nil
    eventHasChild = false
    scte35CommandSeen = false
    text = ""
  }

  private mutating func finishEvent() {
    eventDepth = 0
    guard var event else { return }
    let body = MPDText.trimmingSpacesAndNewlines(takeText())
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
