import Foundation
import HTTPKit

/// Where `adhost check` fetches URLs (documents named by URL, and wrappers with `--resolve`):
/// the network, an `--offline` recording, or the network recorded with `--record`, as for
/// `adhost run` (docs/http.md).
struct CheckTransport {
  let client: HTTPClient
  /// The `--record` recording, saved by `finish`.
  let recorder: RecordingTransport?

  init(_ parsed: ParsedArguments, policy: TransportPolicy, timeout: Double) throws(UsageError) {
    let offline = parsed.value(CheckCommand.offline)
    let record = parsed.value(CheckCommand.record)
    let transport: any HTTPTransport
    switch (offline, record) {
    case (.some, .some):
      throw UsageError("\(CheckCommand.offline.name) and \(CheckCommand.record.name) cannot be used together")
    case (.some(let folder), nil):
      do {
        transport = try OfflineTransport(folder: URL(fileURLWithPath: folder))
      } catch {
        throw CheckCommand.offline.error("\(folder): \(error)")
      }
      recorder = nil
    case (nil, .some(let folder)):
      // Whole seconds: a recording keeps its date as text (as `adhost run`'s do).
      let now = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
      do {
        let recording = try RecordingTransport(folder: URL(fileURLWithPath: folder), startDate: now)
        (transport, recorder) = (recording, recording)
      } catch {
        let reason = (error as? HTTPError)?.description ?? WritePath.reason(folder: folder, error)
        throw CheckCommand.record.error("\(folder): \(reason)")
      }
    case (nil, nil):
      (transport, recorder) = (URLSessionTransport.shared, nil)
    }
    client = HTTPClient(policy: policy, timeout: timeout, transport: transport)
  }

  /// Saves the recording; what went wrong, if it could not be saved.
  func finish() -> String? {
    recorder?.finish()
    return recorder?.saveError
  }
}
