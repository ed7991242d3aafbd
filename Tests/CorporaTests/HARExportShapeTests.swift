import DeflateBenchCorpora
import Foundation
import TestSupport
import Testing

/// HAR files in the shapes other tools write, beside the Chrome-shaped fixture of HARCorpusTests:
/// Firefox (HTTP/2 with lower-case header names and `params` beside `text`), Chrome on HTTP/2
/// (pseudo-headers such as `:authority` in the header list), Charles (a gzip body stored base64
/// under a `Content-Encoding` header, names in their sent case) and mitmproxy (the body stored
/// already decoded under the `Content-Encoding` header it went out with).
@Suite("HAR corpora: exports of other tools")
struct HARExportShapeTests {
  static let batch = #"[{"event":"view","id":1},{"event":"view","id":2},{"event":"buy","id":3}]"#

  /// A HAR document of `creator` with one entry per request (each a JSON object as text).
  static func document(creator: String, requests: [String]) -> String {
    let entries = requests.map { #"{"startedDateTime": "2026-11-30T12:00:00Z", "time": 12, "request": \#($0)}"# }
    return
      #"{"log": {"version": "1.2", "creator": {"name": "\#(creator)", "version": "1"}, "entries": [\#(entries.joined(separator: ", "))]}}"#
  }

  static func payloads(_ text: String) throws -> [[UInt8]] {
    let scratch = try ScratchDirectory("har-shape")
    try scratch.write("export.har", text: text)
    let sets = try CorpusConfiguration(specs: ["export.har"], relativeTo: scratch.url).makePayloadSets()
    return try #require(sets.first).payloads.map { Array($0) }
  }

  @Test("Firefox on HTTP/2: lower-case header names, params beside text, a gzip body stored base64")
  func firefox() throws {
    let gzipped = try HARFixture.gzipped()
    let text = Self.document(
      creator: "Firefox",
      requests: [
        #"{"method": "POST", "url": "https://api.example.com/track", "httpVersion": "HTTP/2", "headers": [{"name": "content-type", "value": "application/json"}, {"name": "content-length", "value": "72"}], "postData": {"mimeType": "application/json", "params": [], "text": \#(Self.batchLiteral)}}"#,
        #"{"method": "POST", "url": "https://api.example.com/batch", "httpVersion": "HTTP/2", "headers": [{"name": "content-encoding", "value": "gzip"}], "postData": {"mimeType": "application/json", "params": [], "text": "\#(Data(gzipped).base64EncodedString())", "encoding": "base64"}}"#,
      ])
    #expect(try Self.payloads(text) == [Array(Self.batch.utf8), HARFixture.segmentBatch])
  }

  @Test("Chrome on HTTP/2: pseudo-headers (:authority, :method, :path, :scheme) in the header list")
  func pseudoHeaders() throws {
    let text = Self.document(
      creator: "WebInspector",
      requests: [
        #"{"method": "POST", "url": "https://api.example.com/track", "httpVersion": "http/2.0", "headers": [{"name": ":authority", "value": "api.example.com"}, {"name": ":method", "value": "POST"}, {"name": ":path", "value": "/track"}, {"name": ":scheme", "value": "https"}, {"name": "content-type", "value": "application/json"}], "postData": {"mimeType": "application/json", "text": \#(Self.batchLiteral)}}"#
      ])
    #expect(try Self.payloads(text) == [Array(Self.batch.utf8)])
  }

  @Test("Charles: a gzip body stored base64 under Content-Encoding, header names as sent")
  func charles() throws {
    let gzipped = try HARFixture.gzipped()
    let text = Self.document(
      creator: "Charles Proxy",
      requests: [
        #"{"method": "POST", "url": "https://api.example.com/batch", "httpVersion": "HTTP/1.1", "headers": [{"name": "Content-Type", "value": "application/json; charset=utf-8"}, {"name": "Content-Encoding", "value": "gzip"}], "headersSize": 180, "bodySize": \#(gzipped.count), "postData": {"mimeType": "application/json; charset=utf-8", "text": "\#(Data(gzipped).base64EncodedString())", "encoding": "base64"}, "comment": ""}"#
      ])
    #expect(try Self.payloads(text) == [HARFixture.segmentBatch])
  }

  /// mitmproxy's HAR export writes `request.get_text()`, the body with its Content-Encoding
  /// already undone, and keeps the `content-encoding` header. The reader takes a body that is not
  /// in its coding as stored (decoded), with a note.
  @Test("mitmproxy: a body stored decoded under the Content-Encoding header it was sent with")
  func mitmproxyDecodedBody() throws {
    let text = Self.document(
      creator: "mitmproxy",
      requests: [
        #"{"method": "POST", "url": "https://api.example.com/batch", "httpVersion": "HTTP/2.0", "headers": [{"name": "content-type", "value": "application/json"}, {"name": "content-encoding", "value": "gzip"}], "postData": {"mimeType": "application/json", "text": \#(Self.batchLiteral), "params": []}}"#
      ])
    let payloads = try Self.payloads(text)
    #expect(payloads == [Array(Self.batch.utf8)])
  }

  /// A form post exported with only `params` (HAR 1.2 says `text` and `params` exclude each
  /// other): the urlencoded body is rebuilt from the fields as a browser serializes a form
  /// (`HARFormBody`), and the notes say it was rebuilt.
  @Test("a urlencoded form post exported as postData.params only is rebuilt from its fields")
  func formParamsOnly() throws {
    let text = Self.document(
      creator: "Firefox",
      requests: [
        #"{"method": "POST", "url": "https://shop.example.com/login", "headers": [{"name": "content-type", "value": "application/x-www-form-urlencoded"}], "postData": {"mimeType": "application/x-www-form-urlencoded", "params": [{"name": "user", "value": "ada"}, {"name": "next", "value": "/cart"}]}}"#
      ])
    let payloads = try Self.payloads(text)
    #expect(payloads == [Array("user=ada&next=%2Fcart".utf8)])
  }

  @Test("a multipart form given as params takes the boundary from the Content-Type header when mimeType has none")
  func multipartBoundaryFromHeader() throws {
    let text = Self.document(
      creator: "Charles Proxy",
      requests: [
        #"{"method": "POST", "url": "https://upload.example.com/form", "headers": [{"name": "Content-Type", "value": "multipart/form-data; boundary=\"abc\""}], "postData": {"mimeType": "multipart/form-data", "params": [{"name": "a", "value": "1"}]}}"#
      ])
    let payloads = try Self.payloads(text)
    #expect(payloads == [Array("--abc\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--abc--\r\n".utf8)])
  }

  @Test("empty params and no text is a request without a body, as before")
  func emptyParamsNoText() throws {
    let text = Self.document(
      creator: "Firefox",
      requests: [
        #"{"method": "POST", "url": "https://api.example.com/a", "postData": {"mimeType": "application/json", "params": [], "text": ""}}"#,
        #"{"method": "POST", "url": "https://api.example.com/b", "postData": {"mimeType": "application/json", "text": "{}"}}"#,
      ])
    #expect(try Self.payloads(text) == [Array("{}".utf8)])
  }

  /// `batch` as a JSON string literal (it holds no character but `"` that needs escaping).
  static let batchLiteral = "\"" + batch.replacingOccurrences(of: "\"", with: "\\\"") + "\""
}
