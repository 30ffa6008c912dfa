import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The network transport: one `URLSession` whose delegate enforces the timeout, the redirect
/// limit, the redirect policy and the body cap of each task. The delegate runs inline on the
/// session's own thread (`InlineDelegateQueue`), so bytes past the cap are dropped as libcurl
/// hands them over, even while it inflates a compressed body. Any thread.
public final class URLSessionTransport: HTTPTransport, Sendable {
  /// A transport shared by every client that does not bring its own.
  public static let shared = URLSessionTransport()

  private let delegate: SessionDelegate
  private let session: URLSession

  /// A transport with its own session (ephemeral: no cookies, no cache).
  public init() {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.httpMaximumConnectionsPerHost = 16
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.urlCache = nil
    configuration.httpCookieStorage = nil
    let queue = InlineDelegateQueue()
    queue.name = "HTTPKit.URLSessionTransport"
    delegate = SessionDelegate()
    session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
  }

  deinit { session.invalidateAndCancel() }

  /// Starts a data task; the delegate enforces `limits`, a timer the timeout.
  public func perform(
    _ request: HTTPRequest, limits: HTTPLimits,
    completion: @escaping @Sendable (Result<HTTPResponse, HTTPError>) -> Void
  ) {
    var urlRequest = URLRequest(url: request.url)
    urlRequest.httpMethod = request.method
    urlRequest.httpBody = request.body
    // swift-corelibs-foundation's own timeout can fire early for a task that reuses a
    // connection; the timer below enforces the timeout, this one is only a backstop.
    urlRequest.timeoutInterval = max(60, request.timeout * 2)
    for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
    let task = session.dataTask(with: urlRequest)
    let state = TaskState(url: request.url, limits: limits, completion: completion)
    delegate.register(task, state)
    let timeout = request.timeout
    DispatchQueue.global().asyncAfter(deadline: .now() + max(0.001, timeout)) { [delegate] in
      delegate.fail(task, with: .timeout(request.url, seconds: timeout))
    }
    task.resume()
  }
}

/// What the delegate knows about one running task.
private struct TaskState: Sendable {
  let url: URL
  let limits: HTTPLimits
  let completion: @Sendable (Result<HTTPResponse, HTTPError>) -> Void
  var body = Data()
  /// The redirects followed so far.
  var redirects: [HTTPRedirect] = []
  var failure: HTTPError?
}

private final class SessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
  /// The running tasks by identifier.
  private let states = Mutex<[Int: TaskState]>([:])

  func register(_ task: URLSessionTask, _ state: TaskState) {
    states.withLock { $0[task.taskIdentifier] = state }
  }

  /// Ends a task early with `error` (the completion runs once, from `didCompleteWithError`).
  func fail(_ task: URLSessionTask, with error: HTTPError) {
    let cancel = states.withLock { states in
      guard let state = states[task.taskIdentifier], state.failure == nil else { return false }
      states[task.taskIdentifier]?.failure = error
      return true
    }
    // `cancel` waits for the session's work queue, which may be the thread calling this (the
    // delegate runs inline) or busy decoding a burst: so it is never called from here directly.
    if cancel { DispatchQueue.global().async { task.cancel() } }
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    let state = states.withLock { $0[dataTask.taskIdentifier].map { (url: $0.url, limits: $0.limits) } }
    if let state, response.expectedContentLength > Int64(state.limits.maxBodyBytes) {
      completionHandler(.cancel)
      fail(dataTask, with: .bodyTooLarge(state.url, limit: state.limits.maxBodyBytes))
      return
    }
    completionHandler(.allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let id = dataTask.taskIdentifier
    let overflow: HTTPError? = states.withLock { states in
      guard states[id]?.failure == nil else { return nil }
      states[id]?.body.append(data)
      guard let state = states[id], state.body.count > state.limits.maxBodyBytes else { return nil }
      return .bodyTooLarge(state.url, limit: state.limits.maxBodyBytes)
    }
    if let overflow { fail(dataTask, with: overflow) }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
  ) {
    // swift-corelibs-foundation stops the process if the handler is called for a task that was
    // cancelled meanwhile. So: no call once the task failed (it was cancelled), and the call is
    // made under the lock that `fail` takes before cancelling, so no cancel comes in between.
    // A refused redirect is not cancelled: the task ends with the 3xx response, reported as the
    // failure recorded here.
    states.withLock { states in
      guard var state = states[task.taskIdentifier], let target = request.url else {
        completionHandler(request)
        return
      }
      guard state.failure == nil else { return }
      defer { states[task.taskIdentifier] = state }
      guard state.limits.followsRedirects else {
        completionHandler(nil)  // the task ends with the 3xx, the answer
        return
      }
      // swift-corelibs-foundation resolves a `Location` with another scheme (`file:///etc/passwd`)
      // as a path on the same server, so the target is checked as the server wrote it.
      if let written = Self.location(of: response), !["http", "https"].contains(written.scheme?.lowercased())
      {
        state.failure = .refusedRedirect(written, from: response.url ?? state.url)
        completionHandler(nil)
        return
      }
      state.redirects.append(HTTPRedirect(url: response.url ?? state.url, status: response.statusCode))
      if state.redirects.count > state.limits.maxRedirects {
        state.failure = .tooManyRedirects(state.url, limit: state.limits.maxRedirects)
        completionHandler(nil)
        return
      }
      do throws(HTTPError) {
        try state.limits.policy.check(target)
        completionHandler(request)
      } catch {
        state.failure = error
        completionHandler(nil)
      }
    }
  }

  /// The redirect target as the response's `Location` gives it, resolved against the response URL.
  private static func location(of response: HTTPURLResponse) -> URL? {
    guard let text = response.value(forHTTPHeaderField: "Location") else { return nil }
    return URL(string: text.trimmingCharacters(in: .whitespaces), relativeTo: response.url)?.absoluteURL
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
    guard let state = states.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
    let result: Result<HTTPResponse, HTTPError>
    if let failure = state.failure {
      result = .failure(failure)
    } else if let error {
      let nsError = error as NSError
      if nsError.code == NSURLErrorTimedOut {
        result = .failure(.network(state.url, "timed out (URLSession)"))
      } else {
        result = .failure(.network(state.url, nsError.localizedDescription))
      }
    } else if let response = task.response as? HTTPURLResponse {
      var headers: [String: String] = [:]
      for (name, value) in response.allHeaderFields {
        headers[String(describing: name).lowercased()] = String(describing: value)
      }
      if let declared = headers["content-length"].flatMap(Int.init), declared > state.body.count {
        result = .failure(
          .network(state.url, "body truncated: \(state.body.count) of \(declared) bytes received"))
      } else {
        var answer = HTTPResponse(
          url: response.url ?? state.url, status: response.statusCode, headers: headers, body: state.body)
        answer.redirects = state.redirects
        result = .success(answer)
      }
    } else {
      result = .failure(.network(state.url, "no HTTP response"))
    }
    // Not on the session's work queue: a completion may start the next request at once.
    let completion = state.completion
    DispatchQueue.global().async { completion(result) }
  }
}
