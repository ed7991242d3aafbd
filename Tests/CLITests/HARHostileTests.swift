import Foundation
import TestSupport
import Testing

/// Issue #25, item 4, for HAR corpora: detection by HAR's shape, a total cap on decoded bodies,
/// bodies stored decoded under a Content-Encoding header (mitmproxy), tolerant base64, and path
/// parameters kept out of the notes. Each runs `deflate-bench corpora` on a file.
@Suite("HAR corpora under hostile input")
struct HARHostileTests {
  func corpora(_ file: String, in scratch: ScratchDirectory) throws -> ProcessOutput {
    try ProcessRunner.run(
      try DeflateBenchExecutable.url.path, arguments: ["corpora", "--corpus", file, "--json"],
      currentDirectory: scratch.url.path, timeoutSeconds: 300)
  }

  func har(_ entries: [String]) -> String {
    #"{"log": {"version": "1.2", "entries": ["# + entries.joined(separator: ",") + "]}}"
  }

  func entry(
    url: String = "https://api.example/v1/batch", text: String, encoding: String? = nil, headers: String = "[]"
  )
    -> String
  {
    let encodingField = encoding.map { #", "encoding": "\#($0)""# } ?? ""
    return
      #"{"request": {"method": "POST", "url": "\#(url)", "headers": \#(headers), "postData": {"mimeType": "application/json", "text": "\#(text)"\#(encodingField)}}}"#
  }

  func corpus(_ output: ProcessOutput) -> [String: Any]? {
    ((try? JSONSerialization.jsonObject(with: Data(output.stdout))) as? [[String: Any]])?.first
  }

  @Test(
    "L7: a key repeated where nothing is read (a response, _initiator) does not refuse the file; one in a read field is refused naming it"
  )
  func duplicateKeys() throws {
    let scratch = try ScratchDirectory("l7")
    let body = #"{\"a\":1}"#
    let unread =
      #"{"request": {"method": "POST", "url": "https://api.example/v1/batch", "headers": [], "postData": {"mimeType": "application/json", "text": "\#(body)"}}, "response": {"status": 200, "status": 204, "content": {"size": 0, "size": 0}}, "_initiator": {"type": "script", "type": "other"}}"#
    try scratch.write("unread.har", text: har([unread]))
    let result = try corpora("unread.har", in: scratch)
    #expect(result.status == 0, "\(result.stderrText)")
    #expect(corpus(result)?["payloads"] as? Int == 1, "\(result.stdoutText)")
    let read =
      #"{"request": {"method": "POST", "url": "https://api.example/v1/batch", "headers": [], "postData": {"mimeType": "application/json", "text": "\#(body)", "text": "{}"}}}"#
    try scratch.write("read.har", text: har([read]))
    let refused = try corpora("read.har", in: scratch)
    #expect(refused.status == 65, "\(refused.stderrText)")
    #expect(refused.stderrText.contains(#"duplicate key "text""#), "\(refused.stderrText)")
    #expect(!refused.stderrText.contains("not JSON"), "\(refused.stderrText)")
  }

  @Test(
    "M10: a Docker json-file log (an object whose first key is \"log\", a string) is a plain JSON file, not a refused HAR"
  )
  func dockerLogIsNotAHAR() throws {
    let scratch = try ScratchDirectory("m10")
    try scratch.write(
      "container.json", text: #"{"log":"GET /health 200\n","stream":"stdout","time":"2026-01-01T00:00:00Z"}"#)
    let result = try corpora("container.json", in: scratch)
    #expect(result.status == 0, "\(result.stderrText)")
    #expect(corpus(result)?["kind"] as? String != "har", "\(result.stdoutText)")
    // A real HAR saved as .json is still recognised.
    try scratch.write("session.json", text: har([entry(text: #"{\"a\":1}"#)]))
    let real = try corpora("session.json", in: scratch)
    #expect(real.status == 0, "\(real.stderrText)")
    #expect(corpus(real)?["kind"] as? String == "har", "\(real.stdoutText)")
  }

  @Test("mitmproxy: a body stored decoded under Content-Encoding: gzip is taken as stored, with a note")
  func decodedBodyUnderContentEncoding() throws {
    let scratch = try ScratchDirectory("mitm")
    let gzip = #"[{"name": "Content-Encoding", "value": "gzip"}]"#
    try scratch.write(
      "mitm.har",
      text: har([
        entry(text: #"[{\"event\":\"a\"},{\"event\":\"b\"}]"#, headers: gzip),
        entry(text: #"[{\"event\":\"c\"}]"#),
      ]))
    let result = try corpora("mitm.har", in: scratch)
    #expect(result.status == 0, "\(result.stderrText)")
    let notes = corpus(result)?["notes"] as? [String] ?? []
    #expect(notes.contains { $0.contains("1 bodies were stored decoded under a Content-Encoding header") }, "\(notes)")
    #expect(corpus(result)?["payloads"] as? Int == 2)
  }

  @Test("L15: line-wrapped, unpadded and URL-safe base64 bodies are read; a stray character is still 65")
  func tolerantBase64() throws {
    let scratch = try ScratchDirectory("l15")
    let body = Array((0..<200).map { UInt8(($0 * 37 + 11) % 256) })
    let standard = Data(body).base64EncodedString()
    let wrapped = Data(body).base64EncodedString(options: .lineLength76Characters).replacingOccurrences(
      of: "\r\n", with: "\\r\\n")
    let unpadded = standard.replacingOccurrences(of: "=", with: "")
    let urlSafe = unpadded.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
    #expect(standard.contains("+") || standard.contains("/"), "the body exercises the URL-safe alphabet")
    try scratch.write(
      "b64.har",
      text: har([wrapped, unpadded, urlSafe].map { entry(text: $0, encoding: "base64") }))
    let result = try corpora("b64.har", in: scratch)
    #expect(result.status == 0, "\(result.stderrText)")
    #expect(corpus(result)?["bytes"] as? Int == 3 * body.count)
    try scratch.write("bad.har", text: har([entry(text: standard + "*", encoding: "base64")]))
    #expect(try corpora("bad.har", in: scratch).status == 65)
  }

  @Test("L10: ;jsessionid path parameters never reach the corpus notes")
  func pathParameters() throws {
    let scratch = try ScratchDirectory("l10")
    try scratch.write(
      "session.har", text: har([entry(url: "https://api.example/v1/batch;jsessionid=SECRET?k=SECRET2", text: "{}")]))
    let result = try corpora("session.har", in: scratch)
    #expect(result.status == 0, "\(result.stderrText)")
    #expect(!result.stdoutText.contains("SECRET"), "\(result.stdoutText)")
    #expect(result.stdoutText.contains("api.example/v1/batch"))
  }

  @Test(
    "M4: bodies are capped in total: three 400 MiB gzip bodies are refused (65) without holding them all",
    .enabled(if: ProcessRunner.isAvailable("gzip"), "needs gzip"))
  func totalCap() throws {
    let scratch = try ScratchDirectory("m4")
    let gzipped = try ProcessRunner.run("sh", arguments: ["-c", "head -c \(400 << 20) /dev/zero | gzip -1 -c"]).stdout
    let text = Data(gzipped).base64EncodedString()
    let gzip = #"[{"name": "Content-Encoding", "value": "gzip"}]"#
    try scratch.write("bombs.har", text: har((0..<3).map { _ in entry(text: text, encoding: "base64", headers: gzip) }))
    let result = try corpora("bombs.har", in: scratch)
    #expect(result.status == 65, "\(result.stderrText)")
    #expect(result.stderrText.contains("decode to more than 1073741824 bytes together"), "\(result.stderrText)")
  }
}
