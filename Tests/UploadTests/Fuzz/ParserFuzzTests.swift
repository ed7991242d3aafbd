import DeflateBenchCodecs
import DeflateBenchSupport
import DeflateBenchUpload
import Testing

/// Random and mutated requests through `HTTPRequestParser`, fed in random pieces as a socket
/// delivers them, each head then read for its digest fields and coding list as the server does:
/// nothing may crash or spin, every body byte it reports must be a byte it was given, no head
/// may pass the header limit, a failed parser stays failed, and an unmutated request must parse
/// to exactly its body.
@Suite("Fuzz: the HTTP request parser and its chunked decoding", .serialized)
struct ParserFuzzTests {
  static let maxHeaderBytes = 2048

  /// Valid requests of every framing the server knows, with their bodies: the `http` target's seeds.
  static let requests: [(bytes: [UInt8], body: [UInt8])] = [
    ("POST /upload HTTP/1.1\r\nHost: fuzz\r\nContent-Length: 5\r\nContent-Encoding: gzip\r\n\r\nhello", "hello"),
    ("GET /health HTTP/1.1\r\nHost: fuzz\r\n\r\n", ""),
    ("PUT /a HTTP/1.0\r\nConnection: keep-alive\r\nContent-Length: 2\r\n\r\nok", "ok"),
    ("POST / HTTP/1.1\r\nHost: fuzz\r\nExpect: 100-continue\r\nContent-Length: 0\r\n\r\n", ""),
    (
      "POST / HTTP/1.1\r\nHost: fuzz\r\nTransfer-Encoding: chunked\r\n\r\n4;name=value\r\nWiki\r\n5\r\npedia\r\n"
        + "0\r\nX-Trailer: 1\r\n\r\n", "Wikipedia"
    ),
    ("GET / HTTP/1.1\r\nHost: a\r\n\r\nPOST /b HTTP/1.1\r\nHost: b\r\nContent-Length: 3\r\n\r\nabc", "abc"),
    (
      "POST / HTTP/1.1\r\nHost: fuzz\r\nContent-Encoding: gzip, br\r\nContent-Length: 1\r\n"
        + "Repr-Digest: sha-256=:47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=:, sha-512=:AA==:;p=1\r\n"
        + "Content-Digest: sha-256=:47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=:, x=(1 2)\r\n"
        + "X-Content-SHA256: e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855\r\n\r\nz", "z"
    ),
  ].map { (Array($0.utf8), Array($1.utf8)) }

  @Test("random and mutated requests of every framing")
  func mutatedRequests() {
    let seeds = Self.requests.map(\.bytes)
    let report = FuzzRun.run("http", seconds: FuzzRun.secondsPerTarget) { generator in
      if generator.chance(10) {
        let request = generator.pick(Self.requests)
        return Self.expectBody(request.bytes, request.body, using: &generator)
      }
      let input = FuzzMutator.input(from: seeds, maxLength: 8192, using: &generator)
      return Self.parse(input, using: &generator).failure
    }
    #expect(report.failures.isEmpty, "\(report.failures)")
    #expect(report.inputs > 0)
  }

  @Test("chunked bodies: random chunk sizes, extensions, trailers, repeated and huge size lines")
  func chunked() {
    let report = FuzzRun.run("chunked", seconds: FuzzRun.secondsPerTarget) { generator in
      let (request, body) = ChunkedRequest.make(using: &generator)
      if generator.chance(20) { return Self.expectBody(request, body, using: &generator) }
      var input = request
      if generator.chance(40) { ChunkedRequest.replaceSizeLine(in: &input, using: &generator) }
      for _ in 0..<generator.int(in: 0...3) { FuzzMutator.mutate(&input, seeds: [request], using: &generator) }
      return Self.parse(input, using: &generator).failure
    }
    #expect(report.failures.isEmpty, "\(report.failures)")
    #expect(report.inputs > 0)
  }

  /// An unmutated request must parse, in any pieces, to exactly its body and one end.
  static func expectBody(_ request: [UInt8], _ body: [UInt8], using generator: inout Xoshiro256StarStar) -> String? {
    let parsed = parse(request, using: &generator)
    if let failure = parsed.failure { return failure }
    if let error = parsed.error { return "a valid request failed: \(error)" }
    if parsed.body != body { return "a valid request's body came out as \(parsed.body.count) other bytes" }
    return nil
  }

  struct Parsed {
    var body: [UInt8] = []
    var heads = 0
    var ends = 0
    var error: HTTPParseError?
    /// A broken promise of the parser, in words; nil when it behaved.
    var failure: String?
  }

  /// Feeds `bytes` in random pieces and checks every event against the parser's contract.
  static func parse(_ bytes: [UInt8], using generator: inout Xoshiro256StarStar) -> Parsed {
    var parser = HTTPRequestParser(maxHeaderBytes: maxHeaderBytes)
    var parsed = Parsed()
    var start = 0
    var events = 0
    while start < bytes.count, parsed.error == nil, parsed.failure == nil {
      let left = bytes.count - start
      let size = generator.chance(30) ? left : generator.int(in: 1...min(left, 512))
      let piece = Array(bytes[start..<(start + size)])
      start += size
      piece.withUnsafeBytes { buffer in
        var offset = 0
        while parsed.error == nil, parsed.failure == nil {
          events += 1
          // Every event consumes a byte or ends a message, so this many means it spins.
          if events > 4 * bytes.count + 16 {
            parsed.failure = "\(events) events from \(bytes.count) bytes: the parser does not advance"
            return
          }
          let before = offset
          do throws(HTTPParseError) {
            switch try parser.next(buffer, offset: &offset) {
            case .head(let head):
              parsed.heads += 1
              if head.wireBytes > maxHeaderBytes {
                parsed.failure = "a head of \(head.wireBytes) bytes passed the \(maxHeaderBytes)-byte limit"
              }
              // What the server reads from every head next: its digest fields (RFC 8941
              // dictionaries) and its coding list. Either may refuse the head, never crash.
              _ = try? DigestFields(head: head)
              _ = try? HTTPContentCoding.decoder(forHeader: head.value("content-encoding"), limits: .init())
            case .body(let range):
              // One call may read a chunk size line and return the data after it.
              if range.isEmpty || range.lowerBound < before || range.upperBound != offset || offset > buffer.count {
                parsed.failure = "body range \(range) after offset \(before) in a \(buffer.count)-byte piece"
                return
              }
              parsed.body += buffer[range]
            case .end:
              parsed.ends += 1
              if parsed.ends > parsed.heads { parsed.failure = "\(parsed.ends) ends after \(parsed.heads) heads" }
            case .needMoreData:
              if offset != buffer.count { parsed.failure = "asked for more with \(buffer.count - offset) bytes left" }
              return
            }
          } catch {
            parsed.error = error
            var again = 0
            do throws(HTTPParseError) {
              _ = try parser.next(buffer, offset: &again)
              parsed.failure = "the parser went on after failing with \(error)"
            } catch let second {
              if second != error { parsed.failure = "failed with \(error), then with \(second)" }
            }
            return
          }
          if offset < before || offset > buffer.count { parsed.failure = "offset moved from \(before) to \(offset)" }
        }
      }
    }
    if parsed.failure == nil, parsed.body.count > bytes.count {
      parsed.failure = "\(parsed.body.count) body bytes from a \(bytes.count)-byte input"
    }
    return parsed
  }
}

/// Chunked requests made at random: 0 to 6 chunks of 1 to 300 bytes, sizes in either case with
/// leading zeros, valid extensions, and sometimes a trailer.
enum ChunkedRequest {
  static let head = Array("POST /upload HTTP/1.1\r\nHost: fuzz\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)
  static let extensions = [";name=value", ";q=\"a \\\" quoted; one\"", ";a;b=c", ";x=\"\""]
  /// Size lines that must be refused or waited on, never trusted: too many digits, the
  /// largest sizes, a sign, nothing.
  static let hugeSizes = ["ffffffffffffffff", "fffffffffffffff", "7fffffffffffffff", "-1", "", "0x10", "1 ; a"]

  static func make(using generator: inout Xoshiro256StarStar) -> (request: [UInt8], body: [UInt8]) {
    var request = head
    var body: [UInt8] = []
    for _ in 0..<generator.int(in: 0...6) {
      var data = [UInt8](repeating: 0, count: generator.int(in: 1...300))
      data.withUnsafeMutableBytes { generator.fill($0) }
      var size = String(data.count, radix: 16, uppercase: generator.chance(50))
      size = String(repeating: "0", count: generator.int(in: 0...2)) + size
      if generator.chance(30) { size += generator.pick(extensions) }
      request += Array((size + "\r\n").utf8) + data + Array("\r\n".utf8)
      body += data
    }
    request += Array("0\r\n".utf8)
    if generator.chance(30) { request += Array("X-Fuzz-Trailer: \(generator.int(in: 0...999))\r\n".utf8) }
    request += Array("\r\n".utf8)
    return (request, body)
  }

  /// Replaces the first chunk size line (or the last-chunk line) with a huge or malformed size.
  static func replaceSizeLine(in request: inout [UInt8], using generator: inout Xoshiro256StarStar) {
    guard let lineEnd = request[head.count...].firstIndex(of: UInt8(ascii: "\r")) else { return }
    request.replaceSubrange(head.count..<lineEnd, with: Array(generator.pick(hugeSizes).utf8))
  }
}
