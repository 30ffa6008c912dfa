import Foundation
import OutsideText
import Synchronization

/// A transport that passes each exchange to another transport and saves it in a recording
/// folder (created if missing; an existing recording there is extended). Each exchange is
/// appended to the folder's `index.journal` as it completes (linear, and kept if the run is
/// interrupted); `finish()` writes them all into `index.json` and removes the journal. What each
/// request sends is kept with its secrets redacted, and media segments are kept trimmed
/// (docs/http.md). Any thread.
public final class RecordingTransport: HTTPTransport, Sendable {
  /// The recording as it grows: its index, and the journal of what is not in `index.json` yet.
  private struct Recording {
    var index: RecordingIndex
    var lastSaveError: String?
    var journal: FileHandle?
    /// Exchanges in the journal and not yet in `index.json`.
    var journaled = 0
    var bytesWritten: Int
  }

  /// The recording folder.
  public let folder: URL
  private let upstream: any HTTPTransport
  private let volatile: Set<String>
  private let redaction: SecretRedaction
  private let trimsSegments: Bool
  private let recording: Mutex<Recording>

  /// Bytes of `index.json` and journal written so far (the tests' measure of the work).
  var indexBytesWritten: Int { recording.withLock { $0.bytesWritten } }

  /// Why the recording could not be saved last, if it could not (the caller should say so: what
  /// a user asked to record must not be lost quietly).
  public var saveError: String? { recording.withLock { $0.lastSaveError } }

  /// Records into `folder` what `upstream` answers. `startDate`, the run's wall-clock date of
  /// virtual time 0, is kept in the recording (a recording that has one keeps it). `redaction`
  /// says which values are never written (a recording extended keeps the names it had too);
  /// `trimsSegments: false` keeps media segments whole.
  public init(
    folder: URL, upstream: any HTTPTransport = URLSessionTransport.shared,
    volatileParameters: Set<String> = RequestKey.defaultVolatileParameters, startDate: Date? = nil,
    redaction: SecretRedaction = SecretRedaction(), trimsSegments: Bool = true
  ) throws {
    self.folder = folder
    self.upstream = upstream
    self.volatile = volatileParameters
    self.trimsSegments = trimsSegments
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("bodies"), withIntermediateDirectories: true)
    var index: RecordingIndex
    if FileManager.default.fileExists(atPath: RecordingFolder.indexURL(folder).path) {
      // An existing recording is extended; one that cannot be read is not overwritten.
      do {
        index = try RecordingFolder.load(folder)
      } catch {
        throw HTTPError.network(folder, "the recording's index.json cannot be read: \(error)")
      }
    } else {
      index = RecordingIndex()
    }
    if index.startDate == nil { index.startDate = startDate.map(RecordingDates.text) }
    index.ignoredParameters = volatileParameters.sorted()
    self.redaction = SecretRedaction(exactly: redaction.names + (index.redacted ?? []))
    if index.redacted != self.redaction.names {
      // Keys leave out the redacted query parameters: the exchanges already there are keyed so too.
      index.rekey(volatile: volatileParameters, redaction: self.redaction)
    }
    index.redacted = self.redaction.names
    index.version = RecordingIndex.currentVersion
    // What an interrupted run left in the journal goes into the index now.
    let written = try RecordingFolder.save(index, to: folder)
    recording = Mutex(Recording(index: index, bytesWritten: written))
    try? FileManager.default.removeItem(at: RecordingJournal.url(folder))
  }

  deinit { finish() }

  /// Writes every exchange recorded into `index.json` (atomically) and removes the journal; a
  /// failure is kept in `saveError`. Exchanges after it are journaled again.
  public func finish() {
    recording.withLock { recording in
      guard recording.journaled > 0 else { return }
      do {
        recording.bytesWritten += try RecordingFolder.save(recording.index, to: folder)
        try recording.journal?.close()
        recording.journal = nil
        recording.journaled = 0
        try FileManager.default.removeItem(at: RecordingJournal.url(folder))
      } catch {
        recording.lastSaveError = "cannot save the recording in \(folder.path): \(error)"
      }
    }
  }

  /// Performs the exchange upstream, records it, then completes.
  public func perform(
    _ request: HTTPRequest, limits: HTTPLimits,
    completion: @escaping @Sendable (Result<HTTPResponse, HTTPError>) -> Void
  ) {
    upstream.perform(request, limits: limits) { [self] result in
      record(request, result)
      completion(result)
    }
  }

  private func record(_ request: HTTPRequest, _ result: Result<HTTPResponse, HTTPError>) {
    recording.withLock { recording in
      var exchange = RecordedExchange(
        key: RequestKey(method: request.method, url: request.url, volatile: volatile, redaction: redaction)
          .description,
        method: request.method, url: redaction.redacting(request.url).absoluteString)
      let number = recording.index.exchanges.count + 1
      do {
        exchange.request = try RecordedRequest(request, redaction: redaction) { data in
          try save(data, as: String(format: "bodies/%06d.request.bin", number))
        }
      } catch {
        recording.lastSaveError = "cannot save the recording in \(folder.path): \(error)"
      }
      switch result {
      case .success(let response):
        var body = response.body
        if trimsSegments, RecordedSegment.isTrimmable(response, of: request),
          let trimmed = RecordedSegment.trimmed(body)
        {
          body = trimmed
          exchange.trimmedFrom = response.body.count
        }
        do {
          exchange.body = try save(body, as: String(format: "bodies/%06d.bin", number))
        } catch {
          exchange.failure = "recording could not save the body: \(error)"
        }
        exchange.status = response.status
        exchange.headers = redaction.headers(response.headers)
        if response.url != request.url {
          exchange.finalURL = redaction.redacting(response.url).absoluteString
        }
      case .failure(let error):
        // The message names URLs (the request's, a redirect's target): without their secrets.
        exchange.failure = redaction.text(error.description, mark: SecretRedaction.urlMark)
      }
      recording.index.exchanges.append(exchange)
      do {
        let journal = try recording.journal ?? RecordingJournal.open(folder)
        recording.journal = journal
        let line = try RecordingJournal.line(exchange, at: recording.index.exchanges.count - 1)
        try journal.write(contentsOf: line)
        recording.bytesWritten += line.count
        recording.journaled += 1
      } catch {
        recording.lastSaveError = "cannot save the recording in \(folder.path): \(error)"
      }
    }
  }

  /// Writes a body file of the recording; returns its name.
  private func save(_ data: Data, as name: String) throws -> String {
    try data.write(to: folder.appendingPathComponent(name), options: .atomic)
    return name
  }
}
