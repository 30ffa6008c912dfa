import OutsideText
import Testing

/// `SecretRedaction.text` and `everywhere`: the secrets of URLs in any text (a log entry's
/// fields, a message, standard error), and members on the list at any depth.
@Suite struct SecretTextTests {
  let redaction = SecretRedaction()

  @Test(arguments: [
    ("https://cdn.example/s0.ts?token=abc", "https://cdn.example/s0.ts?token=[REDACTED]"),
    ("http://h/b?x=1&auth_token=abc&y=2", "http://h/b?x=1&auth_token=[REDACTED]&y=2"),
    ("http://h/a?api%5Fkey=abc", "http://h/a?api%5Fkey=[REDACTED]"),
    ("http://h/a?Api-Key=abc", "http://h/a?Api-Key=[REDACTED]"),
    ("http://h/c#access_token=abc&token_type=bearer", "http://h/c#access_token=[REDACTED]&token_type=bearer"),
    ("http://user:pw@h:8/b", "http://user:[REDACTED]@h:8/b"),
    ("http://ad.example/ad;password=abc;ord=1", "http://ad.example/ad;password=[REDACTED];ord=1"),
    ("GET http://h/s.ts?token=abc: HTTP status 404", "GET http://h/s.ts?token=[REDACTED]: HTTP status 404"),
    ("(see http://h/a?secret=abc)", "(see http://h/a?secret=[REDACTED])"),
    (#"{"u":"http://h/a?passwd=abc"}"#, #"{"u":"http://h/a?passwd=[REDACTED]"}"#),
    ("http://h/a?token=[REDACTED]", "http://h/a?token=[REDACTED]"),
    ("http://h/a?tokens=abc&id=token", "http://h/a?tokens=abc&id=token"),
    ("a=b, user@example.com, http://h/a?token=", "a=b, user@example.com, http://h/a?token="),
    ("no secrets here", "no secrets here"),
  ])
  func urlsInTextAreRedacted(_ text: String, _ expected: String) {
    #expect(redaction.text(text) == expected)
    #expect(redaction.text(expected) == expected)  // redacting twice changes nothing
  }

  @Test func aRecordingsURLKeepsAURLsMark() {
    #expect(
      redaction.text("http://u:p@h/a?token=x#id_token=y", mark: SecretRedaction.urlMark)
        == "http://u:%5BREDACTED%5D@h/a?token=%5BREDACTED%5D#id_token=%5BREDACTED%5D")
  }

  @Test func everyMemberOnTheListAndEveryURLInAnEntry() throws {
    let entry = try JSONValue.parse(
      #"""
      {"url": "http://h/b?auth_token=abc", "headers": {"Set-Cookie": "sid=1", "X-Trace": "http://h/?token=t"},
       "list": [{"password": 7}, "http://u:pw@h/"], "message": "ok", "n": 1}
      """#
    ).objectValue
    let redacted = redaction.everywhere(try #require(entry))
    #expect(
      JSONValue.object(redacted).jsonText
        == #"{"url":"http://h/b?auth_token=[REDACTED]","headers":{"Set-Cookie":"[REDACTED]","#
        + #""X-Trace":"http://h/?token=[REDACTED]"},"list":[{"password":"[REDACTED]"},"http://u:[REDACTED]@h/"],"#
        + #""message":"ok","n":1}"#)
    let clean = JSONObject([("type", .string("timeupdate")), ("currentTime", .number(1))])
    #expect(redaction.everywhere(clean) == clean)
  }
}
