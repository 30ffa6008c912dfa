/// An offline recording (docs/http.md "Recording format", version 2) written from answers, as
/// `adhost run --record` writes one: `index.json` with sorted keys and `bodies/NNNNNN.bin`.
struct InbandRecording {
  /// One answer: the URL a GET asks for, its content type and body.
  struct Answer {
    let url: String
    let contentType: String
    let body: [UInt8]
    /// The whole segment's size, when `body` is it trimmed.
    let trimmedFrom: Int?
  }

  /// The wall-clock date of virtual time 0, so that a live stream replays the same every time.
  var startDate = "2026-01-01T00:00:00.000Z"
  private(set) var answers: [Answer] = []

  /// Adds an answer; the same URL added again replays after the earlier ones (a live reload).
  mutating func add(_ url: String, _ contentType: String, _ body: [UInt8], trimmedFrom: Int? = nil) {
    answers.append(Answer(url: url, contentType: contentType, body: body, trimmedFrom: trimmedFrom))
  }

  /// The recording's files by path in its folder.
  var files: [(path: String, bytes: [UInt8])] {
    var files: [(String, [UInt8])] = []
    var exchanges: [String] = []
    for (index, answer) in answers.enumerated() {
      let body = "bodies/" + String(repeating: "0", count: 6 - String(index).count) + String(index) + ".bin"
      files.append((body, answer.body))
      exchanges.append(
        """
            {
              "body": "\(body)",
              "headers": {
                "content-type": "\(answer.contentType)"
              },
              "key": "GET \(answer.url)",
              "method": "GET",
              "request": {},
              "status": 200,\(answer.trimmedFrom.map { "\n      \"trimmedFrom\": \($0)," } ?? "")
              "url": "\(answer.url)"
            }
        """)
    }
    let index =
      "{\n  \"exchanges\": [\n" + exchanges.joined(separator: ",\n")
      + "\n  ],\n  \"startDate\": \"\(startDate)\","
      + "\n  \"version\": 2\n}\n"
    return [("index.json", Array(index.utf8))] + files
  }
}
