import DeflateBenchSupport
import Foundation
import Testing

@testable import DeflateBenchUpload

/// The server in-process, spoken to with literal bytes: framing, statuses, keep-alive,
/// timeouts, digests and link emulation. Each test starts its own server on a free port.
@Suite("Echo server")
struct EchoServerTests {
  static func withServer(
    limits: ServerLimits = ServerLimits(), link: LinkEmulation = .none, _ body: (Int) throws -> Void
  ) throws {
    let server = EchoServer(configuration: ServerConfiguration(limits: limits, link: link))
    let port = try server.start()
    defer { server.stop() }
    try body(port)
  }

  static func post(_ body: [UInt8], coding: String? = nil, extra: String = "") -> [UInt8] {
    var head = "POST /upload HTTP/1.1\r\nHost: test\r\nContent-Length: \(body.count)\r\n"
    if let coding { head += "Content-Encoding: \(coding)\r\n" }
    return Array((head + extra + "\r\n").utf8) + body
  }

  @Test("GET /health answers 200; other paths 404; the connection stays open")
  func health() throws {
    try Self.withServer { port in
      let client = try RawHTTPClient(port: port)
      client.send(
        "GET /health HTTP/1.1\r\nHost: x\r\n\r\nGET /nope HTTP/1.1\r\nHost: t\r\n\r\nHEAD / HTTP/1.1\r\nHost: t\r\n\r\n"
      )
      #expect(client.readResponse()?.status == 200)
      #expect(client.readResponse()?.status == 404)
      let head = try #require(client.readResponse(toHead: true))
      #expect(head.status == 200 && head.fields["content-length"] != nil)
      // HEAD has no body: the next bytes on the connection are the next response.
      client.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n")
      #expect(client.readResponse()?.status == 200)
    }
  }

  @Test("HTTP/1.0 keeps the connection only when asked, and the response says so")
  func http10() throws {
    try Self.withServer { port in
      let client = try RawHTTPClient(port: port)
      client.send("POST / HTTP/1.0\r\nConnection: keep-alive\r\nContent-Length: 2\r\n\r\nhi")
      let kept = try #require(client.readResponse())
      #expect(kept.status == 200 && kept.fields["connection"] == "keep-alive")
      client.send("GET / HTTP/1.0\r\n\r\n")
      #expect(client.readResponse()?.fields["connection"] == "close")
      #expect(client.isClosedByServer())
    }
  }

  @Test("two uploads on one kept-alive connection, the second pipelined behind the first")
  func keepAlive() throws {
    let original = TestBodies.json(bytes: 50_000)
    let gzip = TestBodies.deflate(original, windowBits: 31)
    try Self.withServer { port in
      let client = try RawHTTPClient(port: port)
      client.send(Self.post(gzip, coding: "gzip") + Self.post(original))
      for expected in ["gzip", "identity"] {
        let response = try #require(client.readResponse())
        #expect(response.status == 200)
        #expect(response.json["content_encoding"] as? String == expected)
        #expect(response.json["decoded_bytes"] as? Int == original.count)
      }
    }
  }

  @Test("Expect: 100-continue gets its interim response before the body is sent")
  func expectContinue() throws {
    try Self.withServer { port in
      let client = try RawHTTPClient(port: port)
      client.send("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\n")
      #expect(client.readResponse()?.status == 100)
      client.send("hello")
      let response = try #require(client.readResponse())
      #expect(response.status == 200 && response.json["received_bytes"] as? Int == 5)
    }
  }

  @Test("a chunked gzip body decodes and its wire size counts the chunk framing")
  func chunkedBody() throws {
    let original = TestBodies.json(bytes: 20_000)
    let gzip = TestBodies.deflate(original, windowBits: 31)
    var body = "POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\nContent-Encoding: gzip\r\n\r\n".utf8.map {
      $0
    }
    let head = body.count
    for start in stride(from: 0, to: gzip.count, by: 1000) {
      let piece = gzip[start..<min(gzip.count, start + 1000)]
      body += Array(String(piece.count, radix: 16).utf8) + [13, 10] + piece + [13, 10]
    }
    body += Array("0\r\n\r\n".utf8)
    try Self.withServer { port in
      let client = try RawHTTPClient(port: port)
      client.send(body)
      let response = try #require(client.readResponse())
      #expect(response.status == 200)
      #expect(response.json["received_bytes"] as? Int == gzip.count)
      #expect(response.json["decoded_bytes"] as? Int == original.count)
      #expect(response.json["wire_bytes"] as? Int == body.count)
      #expect(response.json["head_bytes"] as? Int == head)
    }
  }

  @Test("digests: Repr-Digest covers the body as sent, X-Content-SHA256 the decoded body")
  func digests() throws {
    let original = TestBodies.json(bytes: 10_000)
    let gzip = TestBodies.deflate(original, windowBits: 31)
    let sent = "Repr-Digest: sha-256=:\(SHA256.hash(gzip).base64):\r\n"
    let decoded = "X-Content-SHA256: \(SHA256.hash(original).hex)\r\n"
    try Self.withServer { port in
      let client = try RawHTTPClient(port: port)
      client.send(Self.post(gzip, coding: "gzip", extra: sent + decoded))
      let good = try #require(client.readResponse())
      #expect(good.status == 200 && good.json["digest"] as? String == "match")
      #expect(good.json["decoded_sha256"] as? String == SHA256.hash(original).hex)
      // The decoded digest sent as Repr-Digest is a mismatch: RFC 9530 digests the coded bytes.
      client.send(Self.post(gzip, coding: "gzip", extra: "Repr-Digest: sha-256=:\(SHA256.hash(original).base64):\r\n"))
      let bad = try #require(client.readResponse())
      #expect(bad.status == 400 && bad.json["digest"] as? String == "mismatch")
      // A mismatch leaves the connection usable; a malformed digest field is a 400 that closes.
      client.send(Self.post(gzip, coding: "gzip", extra: "X-Content-SHA256: nothex\r\n"))
      #expect(client.readResponse()?.status == 400)
      #expect(client.isClosedByServer())
    }
  }

  @Test(
    "errors get their status and the server keeps serving",
    arguments: [
      ("POST / HTTP/1.1\r\nHost: t\r\n\r\n", 411),
      ("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 99999999\r\n\r\n", 413),
      ("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 3\r\nContent-Encoding: lzma\r\n\r\nabc", 415),
      ("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 3\r\nContent-Encoding: gzip\r\n\r\nabc", 400),
      ("NOT HTTP AT ALL\r\n\r\n", 400),
      ("DELETE / HTTP/1.1\r\nHost: t\r\n\r\n", 405),
      ("POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", 501),
      ("GET / HTTP/3.0\r\n\r\n", 505),
    ])
  func errorStatuses(request: String, status: Int) throws {
    try Self.withServer(limits: ServerLimits(maxBodyBytes: 1 << 20)) { port in
      let client = try RawHTTPClient(port: port)
      client.send(request)
      let response = try #require(client.readResponse())
      #expect(response.status == status)
      #expect(response.fields["connection"] == "close")
      #expect(response.json["error"] is String)
      if status == 415 { #expect(response.fields["accept-encoding"] == "gzip, deflate, zstd, br, identity") }
      #expect(client.isClosedByServer())
      let next = try RawHTTPClient(port: port)
      next.send("GET /health HTTP/1.1\r\nHost: t\r\n\r\n")
      #expect(next.readResponse()?.status == 200)
    }
  }

  @Test("a Content-Length of exactly --max-body is read; one byte more is 413 before any body is sent")
  func contentLengthAtTheLimit() throws {
    try Self.withServer(limits: ServerLimits(maxBodyBytes: 1000)) { port in
      let atLimit = try RawHTTPClient(port: port)
      atLimit.send(Self.post([UInt8](repeating: 0x61, count: 1000)))
      #expect(atLimit.readResponse()?.status == 200)
      let over = try RawHTTPClient(port: port)
      over.send("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 1001\r\n\r\n")
      let response = try #require(over.readResponse())
      #expect(response.status == 413, "\(response.text)")
    }
  }

  @Test("a chunked body past --max-body is cut off with 413")
  func chunkedOverLimit() throws {
    try Self.withServer(limits: ServerLimits(maxBodyBytes: 1000)) { port in
      let client = try RawHTTPClient(port: port)
      client.send(
        "POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n800\r\n" + String(repeating: "a", count: 2048)
          + "\r\n")
      #expect(client.readResponse()?.status == 413)
    }
  }

  @Test("a client that sends half its head and stalls gets 408 and is closed")
  func stalledHead() throws {
    try Self.withServer(limits: ServerLimits(headerTimeoutSeconds: 0.5)) { port in
      let client = try RawHTTPClient(port: port)
      client.send("POST / HTTP/1.1\r\nHost: t\r\nContent-Len")
      let response = try #require(client.readResponse())
      #expect(response.status == 408)
      #expect(client.isClosedByServer())
    }
  }

  @Test("a body that stalls gets 408; an idle kept-alive connection is closed without a word")
  func stalledBody() throws {
    try Self.withServer(limits: ServerLimits(bodyTimeoutSeconds: 0.5, idleTimeoutSeconds: 0.5)) { port in
      let client = try RawHTTPClient(port: port)
      client.send("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 10\r\n\r\nabc")
      #expect(client.readResponse()?.status == 408)
      let idle = try RawHTTPClient(port: port)
      #expect(idle.readResponse() == nil)
    }
  }

  @Test("the link emulation paces reads to the rate and holds responses one round trip")
  func linkEmulation() throws {
    let body = [UInt8](repeating: 65, count: 100_000)
    let link = LinkEmulation(bytesPerSecond: 500_000, latencyMilliseconds: 50)
    try Self.withServer(link: link) { port in
      let client = try RawHTTPClient(port: port)
      let start = Date()
      client.send(Self.post(body))
      let response = try #require(client.readResponse())
      let elapsed = Date().timeIntervalSince(start)
      #expect(response.status == 200)
      #expect(response.json["round_trips"] as? Int == 1)
      // Lower bounds only: a busy machine can make it slower, never faster than the link.
      let receive = try #require(response.json["receive_ms"] as? Double)
      #expect(receive >= 0.9 * 1000 * Double(body.count) / 500_000)
      #expect(elapsed >= 0.9 * (Double(body.count) / 500_000 + 0.05))
    }
  }

  @Test("stop() ends open connections and returns")
  func stops() throws {
    let server = EchoServer(configuration: ServerConfiguration())
    let port = try server.start()
    let client = try RawHTTPClient(port: port)
    client.send("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 10\r\n\r\nab")
    Thread.sleep(forTimeInterval: 0.1)
    server.stop()
    #expect(client.readResponse() == nil)
    #expect(throws: (any Error).self) { try RawHTTPClient(port: port) }
  }
}
