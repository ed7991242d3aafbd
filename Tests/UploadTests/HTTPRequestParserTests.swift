import Testing

@testable import DeflateBenchUpload

/// Feeds literal request bytes to the parser, whole and one byte at a time, and compares the
/// events or the typed error.
@Suite("HTTP request parser")
struct HTTPRequestParserTests {
  /// What a request parsed to: its head, its body bytes and whether it ended.
  struct Parsed: Equatable {
    var heads: [HTTPRequestHead] = []
    var body: [UInt8] = []
    var ends = 0
  }

  /// Parses `text` delivered in pieces of `pieceSize` bytes.
  static func parse(_ text: String, pieceSize: Int = .max, maxHeaderBytes: Int = 8192) throws(HTTPParseError) -> Parsed
  {
    var parser = HTTPRequestParser(maxHeaderBytes: maxHeaderBytes)
    var parsed = Parsed()
    let bytes = Array(text.utf8)
    var start = 0
    while start < bytes.count {
      let piece = Array(bytes[start..<min(bytes.count, start + pieceSize)])
      start += piece.count
      let result: Result<Void, HTTPParseError> = piece.withUnsafeBytes { buffer in
        var offset = 0
        while true {
          do throws(HTTPParseError) {
            switch try parser.next(buffer, offset: &offset) {
            case .head(let head): parsed.heads.append(head)
            case .body(let range): parsed.body += buffer[range]
            case .end: parsed.ends += 1
            case .needMoreData: return .success(())
            }
          } catch {
            return .failure(error)
          }
        }
      }
      try result.get()
    }
    // A request that ends exactly with its head still owes its `.end`.
    var none = 0
    let empty: [UInt8] = []
    while parsed.ends < parsed.heads.count {
      let event: Result<HTTPRequestParser.Event, HTTPParseError> = empty.withUnsafeBytes { buffer in
        Result { () throws(HTTPParseError) in try parser.next(buffer, offset: &none) }
      }
      guard try event.get() == .end else { break }
      parsed.ends += 1
    }
    return parsed
  }

  @Test("a Content-Length request, whole and byte by byte", arguments: [Int.max, 1, 3])
  func contentLength(pieceSize: Int) throws {
    let parsed = try Self.parse(
      "POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Encoding: gzip\r\n\r\nhello",
      pieceSize: pieceSize)
    let head = try #require(parsed.heads.first)
    #expect(head.method == "POST")
    #expect(head.target == "/upload")
    #expect(head.minorVersion == 1)
    #expect(head.framing == .length(5))
    #expect(head.value("content-encoding") == "gzip")
    #expect(head.wireBytes == 77)
    #expect(parsed.body == Array("hello".utf8))
    #expect(parsed.ends == 1)
  }

  @Test("a chunked body with extensions and trailers", arguments: [Int.max, 1, 7])
  func chunked(pieceSize: Int) throws {
    let text =
      "POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n4;name=value\r\nWiki\r\n5\r\npedia\r\nE\r\n in\r\n\r\nchunks.\r\n0\r\nX-Trailer: 1\r\n\r\n"
    let parsed = try Self.parse(text, pieceSize: pieceSize)
    #expect(parsed.heads.first?.framing == .chunked)
    #expect(String(decoding: parsed.body, as: UTF8.self) == "Wikipedia in\r\n\r\nchunks.")
    #expect(parsed.ends == 1)
  }

  @Test("two pipelined requests on one connection, the first without a body")
  func pipelined() throws {
    let parsed = try Self.parse(
      "GET /health HTTP/1.1\r\nHost: t\r\n\r\nPUT /a HTTP/1.0\r\nConnection: keep-alive\r\nContent-Length: 2\r\n\r\nok")
    #expect(parsed.heads.map(\.method) == ["GET", "PUT"])
    #expect(parsed.heads.map(\.keepAlive) == [true, true])
    #expect(parsed.body == Array("ok".utf8))
    #expect(parsed.ends == 2)
  }

  @Test("bare line feeds and a leading empty line are accepted")
  func lenientLineEnds() throws {
    let parsed = try Self.parse("\r\nPOST / HTTP/1.1\nHost: t\nContent-Length: 1\n\nx")
    #expect(parsed.heads.first?.framing == .length(1))
    #expect(parsed.body == [UInt8(ascii: "x")])
  }

  @Test("connection semantics: HTTP/1.0 closes by default, Connection: close closes, Expect is read")
  func connectionFields() throws {
    let old = try #require(try Self.parse("GET / HTTP/1.0\r\n\r\n").heads.first)
    #expect(!old.keepAlive)
    let closing = try #require(try Self.parse("GET / HTTP/1.1\r\nHost: t\r\nConnection: Close\r\n\r\n").heads.first)
    #expect(!closing.keepAlive)
    let expecting = try #require(
      try Self.parse("POST / HTTP/1.1\r\nHost: t\r\nExpect: 100-continue\r\nContent-Length: 0\r\n\r\n").heads.first)
    #expect(expecting.expectsContinue)
  }

  @Test(
    "broken requests fail with the right typed error",
    arguments: [
      ("GARBAGE\r\n\r\n", HTTPParseError.malformedRequestLine("GARBAGE")),
      ("POST  / HTTP/1.1\r\nHost: t\r\n\r\n", .malformedRequestLine("POST  / HTTP/1.1")),
      ("POST / HTTP/2.0\r\n\r\n", .unsupportedVersion("HTTP/2.0")),
      ("POST / HTTP/1.1\r\nHost: t\r\nNo colon here\r\n\r\n", .malformedField("No colon here")),
      ("POST / HTTP/1.1\r\nHost: t\r\nName : value\r\n\r\n", .malformedField("Name : value")),
      ("POST / HTTP/1.1\r\nHost: t\r\nA: b\r\n folded\r\n\r\n", .malformedField(" folded")),
      ("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: -1\r\n\r\n", .invalidContentLength("-1")),
      ("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n", .invalidContentLength("1, 2")),
      (
        "POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n",
        .conflictingFraming
      ),
      (
        "POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked, gzip\r\n\r\n",
        .invalidTransferEncoding("chunked, gzip")
      ),
      ("POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", .unsupportedTransferCoding("gzip")),
      ("POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n", .invalidTransferEncoding("chunked")),
      (
        "POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
        .malformedChunk("bad chunk size line 'zz'")
      ),
      (
        "POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n",
        .malformedChunk("chunk data is longer than its size")
      ),
    ])
  func brokenRequests(text: String, expected: HTTPParseError) {
    #expect(throws: expected) { try Self.parse(text) }
    // Byte by byte must fail the same way: the state machine does not depend on read sizes.
    #expect(throws: expected) { try Self.parse(text, pieceSize: 1) }
  }

  @Test("a head over the limit fails before its end arrives, and maps to 431")
  func headerLimit() {
    let text = "POST / HTTP/1.1\r\nHost: t\r\nX-Big: " + String(repeating: "a", count: 200)
    #expect(throws: HTTPParseError.headerTooLarge(limit: 100)) { try Self.parse(text, maxHeaderBytes: 100) }
    #expect(HTTPParseError.headerTooLarge(limit: 100).status == 431)
    #expect(HTTPParseError.unsupportedTransferCoding("gzip").status == 501)
    #expect(HTTPParseError.conflictingFraming.status == 400)
  }

  @Test("after an error the parser stays failed")
  func staysFailed() throws {
    var parser = HTTPRequestParser(maxHeaderBytes: 1024)
    let bad = Array("BAD\r\n\r\n".utf8)
    let good = Array("GET / HTTP/1.1\r\nHost: t\r\n\r\n".utf8)
    var offset = 0
    #expect(throws: HTTPParseError.self) {
      try bad.withUnsafeBytes { buffer in _ = try parser.next(buffer, offset: &offset) }
    }
    offset = 0
    #expect(throws: HTTPParseError.self) {
      try good.withUnsafeBytes { buffer in _ = try parser.next(buffer, offset: &offset) }
    }
  }

  @Test("the parser is idle only between requests")
  func idleness() throws {
    var parser = HTTPRequestParser(maxHeaderBytes: 1024)
    #expect(parser.isIdle)
    let half = Array("POST / HT".utf8)
    var offset = 0
    let event = try half.withUnsafeBytes { buffer in try parser.next(buffer, offset: &offset) }
    #expect(event == .needMoreData)
    #expect(!parser.isIdle)
  }
}
