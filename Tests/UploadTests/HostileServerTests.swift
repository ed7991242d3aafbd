import DeflateBenchSupport
import Foundation
import TestSupport
import Testing

/// The hostile shapes of issue #16 against `deflate-bench serve` as a separate process: sockets
/// that never speak, a crowd of idle sockets, a trickling body, requests without one Host,
/// broken chunk extensions and trailers, digests that lie, and stacked codings.
@Suite(
  "deflate-bench serve against hostile clients", .serialized,
  .enabled(if: Condition.executableIsBuilt, Comment(rawValue: Condition.executableMissing)))
struct HostileServerTests {
  static let body = TestBodies.json(bytes: 20_000)

  static func upload(_ extraHead: String = "", body: [UInt8] = HostileServerTests.body) -> [UInt8] {
    Array("POST /u HTTP/1.1\r\nHost: t\r\nContent-Length: \(body.count)\r\n\(extraHead)\r\n".utf8) + body
  }

  static func status(of request: [UInt8], port: Int) throws -> RawHTTPClient.Response? {
    let client = try RawHTTPClient(port: port)
    client.send(request)
    return client.readResponse()
  }

  @Test("a connection that sends nothing is closed --header-timeout after accept")
  func silentConnection() throws {
    let server = try ServeProcess.start(["--header-timeout", "1"])
    defer { server.stop() }
    let client = try RawHTTPClient(port: server.port)
    let start = Date()
    #expect(client.isClosedByServer())
    let waited = Date().timeIntervalSince(start)
    #expect(waited > 0.5 && waited < 5, "closed after \(waited) s")
  }

  @Test("with 2,000 idle sockets open, an upload still gets 200 within the header timeout")
  func idleCrowd() throws {
    let server = try ServeProcess.start(["--header-timeout", "20"])
    defer { server.stop() }
    var idle: [RawHTTPClient] = []
    for _ in 0..<2000 { idle.append(try RawHTTPClient(port: server.port)) }
    let start = Date()
    let response = try Self.status(of: Self.upload(), port: server.port)
    #expect(response?.status == 200)
    #expect(Date().timeIntervalSince(start) < 20)
    #expect(idle.count == 2000)
  }

  @Test("a body that trickles below --min-body-rate gets 408 though it is never silent")
  func tricklingBody() throws {
    let server = try ServeProcess.start(["--body-timeout", "1", "--min-body-rate", "100"])
    defer { server.stop() }
    let client = try RawHTTPClient(port: server.port)
    client.send("POST /u HTTP/1.1\r\nHost: t\r\nContent-Length: 1000\r\n\r\n")
    let start = Date()
    for _ in 0..<40 {
      client.send("a")
      usleep(100_000)
      if Date().timeIntervalSince(start) > 2.5 { break }
    }
    let response = client.readResponse()
    #expect(response?.status == 408)
    #expect(response?.text.contains("minimum of 100 bytes/s") == true)
  }

  @Test("HTTP/1.1 without exactly one Host is 400; HTTP/1.0 without one is served")
  func hostField() throws {
    let server = try ServeProcess.start()
    defer { server.stop() }
    let none = try Self.status(of: Array("GET / HTTP/1.1\r\n\r\n".utf8), port: server.port)
    #expect(none?.status == 400)
    #expect(none?.text.contains("exactly one Host field, this one has 0") == true)
    let two = try Self.status(of: Array("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n".utf8), port: server.port)
    #expect(two?.status == 400)
    let old = try Self.status(of: Array("GET / HTTP/1.0\r\n\r\n".utf8), port: server.port)
    #expect(old?.status == 200)
  }

  @Test(
    "malformed chunk extensions and trailers are 400; well-formed ones are served",
    arguments: [
      ("5;name=\"quoted \\\" value\"\r\nhello\r\n0\r\nX-Note: fine\r\n\r\n", 200),
      ("5;name=\"unterminated\r\nhello\r\n0\r\n\r\n", 400),
      ("5;name=value\nhello\r\n0\r\n\r\n", 400),
      ("5 junk\r\nhello\r\n0\r\n\r\n", 400),
      ("5;=v\r\nhello\r\n0\r\n\r\n", 400),
      ("5\r\nhello\n0\r\n\r\n", 400),
      ("5\r\nhello\r\n0\r\nNo colon\r\n\r\n", 400),
      ("5\r\nhello\r\n0\r\nContent-Length: 5\r\n\r\n", 400),
      ("5\r\nhello\r\n0\r\nX-A: b\n\r\n", 400),
    ])
  func chunkSyntax(chunks: String, status: Int) throws {
    let server = try ServeProcess.start()
    defer { server.stop() }
    let head = "POST /c HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n"
    let response = try Self.status(of: Array((head + chunks).utf8), port: server.port)
    #expect(response?.status == status, "\(response?.text ?? "no answer")")
  }

  @Test("every sha-256 and sha-512 in Content-Digest and Repr-Digest is checked; the last repeated key wins")
  func digests() throws {
    let server = try ServeProcess.start()
    defer { server.stop() }
    let sha256 = ":\(SHA256.hash(Self.body).base64):"
    let sha512 = ":\(Data(SHA512.hash(Self.body)).base64EncodedString()):"
    let wrong256 = ":\(Data([UInt8](repeating: 1, count: 32)).base64EncodedString()):"
    let wrong512 = ":\(Data([UInt8](repeating: 1, count: 64)).base64EncodedString()):"
    let cases: [(String, Int)] = [
      ("Content-Digest: sha-512=\(sha512)\r\nRepr-Digest: sha-256=\(sha256)\r\n", 200),
      ("Content-Digest: sha-512=\(wrong512)\r\nRepr-Digest: sha-256=\(sha256)\r\n", 400),
      ("Repr-Digest: sha-256=\(sha256)\r\nContent-Digest: sha-256=\(wrong256)\r\n", 400),
      ("Content-Digest: sha-256=\(wrong256), sha-256=\(sha256)\r\n", 200),
      ("Content-Digest: sha-256=\(sha256)\r\nContent-Digest: sha-256=\(wrong256)\r\n", 400),
      ("Content-Digest: sha-512=\(sha256)\r\n", 400),
    ]
    for (fields, status) in cases {
      let response = try Self.status(of: Self.upload(fields), port: server.port)
      #expect(response?.status == status, "\(fields): \(response?.text ?? "no answer")")
    }
    let mismatch = try Self.status(
      of: Self.upload("Content-Digest: sha-512=\(wrong512)\r\n"), port: server.port)
    #expect(mismatch?.text.contains("Content-Digest sha-512") == true)
  }

  @Test("five stacked codings get a 415 that says four are allowed and does not echo the header")
  func stackedCodings() throws {
    let server = try ServeProcess.start()
    defer { server.stop() }
    let header = "gzip, gzip, gzip, gzip, gzip"
    let response = try Self.status(of: Self.upload("Content-Encoding: \(header)\r\n"), port: server.port)
    #expect(response?.status == 415)
    #expect(response?.text.contains("5 content codings are stacked; at most 4 are allowed") == true)
    #expect(response?.text.contains(header) == false)
  }
}
