import Foundation
import FuzzSupport
import HTTPKit

/// A recording folder of this process's own, with one real body, a link to a file outside it, a
/// FIFO and a folder, and beside it (outside the recording) a file no answer may ever carry; the
/// folder is removed when the fuzzer exits.
private let scratch: URL = {
  let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
  let root = URL(fileURLWithPath: base).appendingPathComponent("adhost-fuzz-recording-\(getpid())")
  let bodies = root.appendingPathComponent("recording/bodies")
  do {
    try FileManager.default.createDirectory(at: bodies, withIntermediateDirectories: true)
    try Data("recorded body".utf8).write(to: bodies.appendingPathComponent("000001.bin"))
    try Data(outsideText.utf8).write(to: root.appendingPathComponent("secret.txt"))
    try FileManager.default.createSymbolicLink(
      atPath: bodies.appendingPathComponent("link.bin").path, withDestinationPath: "../../secret.txt")
    // Things a body must not be: a FIFO (reading it would block for ever) and a folder.
    guard mkfifo(bodies.appendingPathComponent("fifo").path, 0o600) == 0 else {
      fatalError("cannot make a FIFO in \(bodies.path)")
    }
    try FileManager.default.createDirectory(
      at: bodies.appendingPathComponent("dir"), withIntermediateDirectories: true)
  } catch {
    fatalError("cannot lay out the scratch recording in \(root.path): \(error)")
  }
  atexit { try? FileManager.default.removeItem(at: scratchRoot()) }
  return root
}()

private func scratchRoot() -> URL { scratch }

private let outsideText = "outside the recording folder"

/// Just enough of `index.json` to know which requests to ask for; the transport reads the rest.
private struct Requests: Decodable {
  var exchanges: [RecordedExchange]
}

/// The recording index (`index.json`) as `adhost run --offline` reads it: any bytes give a
/// transport or an error, and the transport then answers every recorded request with a response
/// or an error — never with a file from outside the recording folder.
/// libFuzzer's driver on this target's input function.
@main enum FuzzRecordingMain {
  static func main() { runFuzzer(fuzzRecording) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRecording(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let folder = scratch.appendingPathComponent("recording")
  let data = Data(inputBytes(start, count))
  do {
    try data.write(to: folder.appendingPathComponent("index.json"))
  } catch {
    fatalError("cannot write the scratch index: \(error)")
  }
  guard let transport = try? OfflineTransport(folder: folder) else { return 0 }
  guard let requests = try? JSONDecoder().decode(Requests.self, from: data) else { return 0 }
  for exchange in requests.exchanges.prefix(8) {
    guard let url = URL(string: exchange.url) else { continue }
    let request = HTTPRequest(url: url, method: exchange.method)
    guard case .success(let response)? = answer(transport, request) else { continue }
    invariant(
      response.body != Data(outsideText.utf8), "\(exchange.url) answered with a file outside the recording")
    if let name = exchange.body, !response.body.isEmpty {
      invariant(
        isInside(folder, name), "\(exchange.url) answered with body \"\(name)\", outside the recording")
    }
  }
  return 0
}

/// Whether `name`, resolved against `folder` with every symbolic link followed, stays inside it.
private func isInside(_ folder: URL, _ name: String) -> Bool {
  let root = folder.resolvingSymlinksInPath().standardizedFileURL.path
  let target = folder.appendingPathComponent(name).resolvingSymlinksInPath().standardizedFileURL.path
  return target.hasPrefix(root + "/")
}

/// The transport's answer, waited for (nil if none came within 5 s: a hang).
private func answer(_ transport: OfflineTransport, _ request: HTTPRequest) -> Result<HTTPResponse, HTTPError>?
{
  let done = DispatchSemaphore(value: 0)
  nonisolated(unsafe) var result: Result<HTTPResponse, HTTPError>?
  transport.perform(request, limits: HTTPLimits()) { answer in
    result = answer
    done.signal()
  }
  invariant(done.wait(timeout: .now() + 5) == .success, "no answer for \(request.url) within 5 s")
  return result
}
