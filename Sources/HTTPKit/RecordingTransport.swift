import Foundation

/// A transport that passes each exchange to another transport and saves it in a recording
/// folder (created if missing; an existing recording there is extended).
public final class RecordingTransport: HTTPTransport, @unchecked Sendable {
  /// The recording folder.
  public let folder: URL
  private let upstream: any HTTPTransport
  private let volatile: Set<String>
  private let lock = NSLock()
  private var index: RecordingIndex
  private var lastSaveError: String?

  /// Why the recording could not be saved last, if it could not (the caller should say so: what
  /// a user asked to record must not be lost quietly).
  public var saveError: String? { lock.withLock { lastSaveError } }

  /// Records into `folder` what `upstream` answers. `startDate`, the run's wall-clock date of
  /// virtual time 0, is kept in the recording (a recording that has one keeps it).
  public init(
    folder: URL, upstream: any HTTPTransport = URLSessionTransport.shared,
    volatileParameters: Set<String> = RequestKey.defaultVolatileParameters, startDate: Date? = nil
  ) throws {
    self.folder = folder
    self.upstream = upstream
    self.volatile = volatileParameters
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("bodies"), withIntermediateDirectories: true)
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
    lock.withLock {
      var exchange = RecordedExchange(
        key: RequestKey(method: request.method, url: request.url, volatile: volatile).description,
        method: request.method, url: request.url.absoluteString)
      switch result {
      case .success(let response):
        let name = String(format: "bodies/%06d.bin", index.exchanges.count + 1)
        do {
          try response.body.write(to: folder.appendingPathComponent(name), options: .atomic)
          exchange.body = name
        } catch {
          exchange.failure = "recording could not save the body: \(error)"
        }
        exchange.status = response.status
        exchange.headers = response.headers
      case .failure(let error):
        exchange.failure = error.description
      }
      index.exchanges.append(exchange)
      do {
        try RecordingFolder.save(index, to: folder)
      } catch {
        lastSaveError = "cannot save the recording in \(folder.path): \(error)"
      }
    }
  }
}
