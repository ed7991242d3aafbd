import DeflateBenchResults
import Testing

@testable import DeflateBenchModel

/// The HTTP versions' request bytes, pinned on hand computations (arithmetic in each comment).
@Suite("HTTP framing")
struct HTTPFramingTests {
  static func parameters(http: String, connection: String = "warm") -> ModelParameters {
    ModelParameters(
      http: http, requestHeadBytes: 200, requestHeadSource: "default", connection: connection, links: [], devices: [])
  }

  @Test("HPACK: 9 indexed fields, content-encoding indexed, content-length as Huffman-coded digits")
  func hpack() {
    // "9800": 6 + 6 + 5 + 5 = 22 bits = 3 bytes; 9 + 1 + 2 + 3 = 15.
    #expect(HTTPFraming.compressedHeadBytes(bodyBytes: 9_800, encoded: true) == 15)
    // "100000": 6 x 5 = 30 bits = 4 bytes; 9 + 0 + 2 + 4 = 15.
    #expect(HTTPFraming.compressedHeadBytes(bodyBytes: 100_000, encoded: false) == 15)
    // "0": 5 bits = 1 byte; 9 + 0 + 2 + 1 = 12. "3456789": 7 x 6 = 42 bits = 6 bytes; 9 + 1 + 2 + 6 = 18.
    #expect(HTTPFraming.compressedHeadBytes(bodyBytes: 0, encoded: false) == 12)
    #expect(HTTPFraming.compressedHeadBytes(bodyBytes: 3_456_789, encoded: true) == 18)
  }

  @Test("HTTP/2 on a kept-alive connection: HEADERS and DATA frame headers inside TLS 1.3 records")
  func http2() {
    // 9,800 B gzip: 9 (HEADERS) + 15 + 1 x 9 (DATA) + 9,800 = 9,833, one record: + 22 = 9,855.
    #expect(
      HTTPFraming.requestBytes(headBytes: 224, bodyBytes: 9_800, encoded: true, parameters: Self.parameters(http: "2"))
        == 9_855)
    // 100,000 B identity: 9 + 15 + 7 x 9 + 100,000 = 100,087 in 7 records: + 154 = 100,241.
    #expect(
      HTTPFraming.requestBytes(
        headBytes: 200, bodyBytes: 100_000, encoded: false, parameters: Self.parameters(http: "2")) == 100_241)
    // On a new connection the head counts at its HTTP/1.1 size: 9 + 224 + 9 + 9,800 = 10,042 + 22.
    #expect(
      HTTPFraming.requestBytes(
        headBytes: 224, bodyBytes: 9_800, encoded: true, parameters: Self.parameters(http: "2", connection: "cold"))
        == 10_064)
  }

  @Test("HTTP/1.1 is the head and the body as the echo server counts them")
  func http11() {
    #expect(
      HTTPFraming.requestBytes(
        headBytes: 224, bodyBytes: 9_800, encoded: true, parameters: Self.parameters(http: "1.1"))
        == 10_024)
  }

  @Test("HTTP/3: frame headers, QUIC packets of 1,313 payload bytes and 65 B of overhead, a 1-RTT handshake")
  func http3() {
    // HEADERS 1 + varint(17) 1 + QPACK prefix 2 + 15; DATA 1 + varint(9,800) 2 + 9,800 = 9,822.
    let warm = Self.parameters(http: "3")
    #expect(HTTPFraming.requestBytes(headBytes: 224, bodyBytes: 9_800, encoded: true, parameters: warm) == 9_822)
    let transport = HTTPFraming.transport(warm)
    #expect(transport.payloadBytesPerPacket == 1_313)
    #expect(transport.headerBytesPerPacket == 65)
    #expect(HTTPFraming.handshakeRoundTrips(Self.parameters(http: "3", connection: "cold")) == 1)
    #expect(HTTPFraming.handshakeRoundTrips(Self.parameters(http: "2", connection: "cold")) == 2)
    // 9,822 B in ceil(9,822 / 1,313) = 8 packets: 9,822 + 8 x 65 = 10,342 B at 125,000 B/s.
    let link = LinkPreset(name: "t", uplinkBitsPerSecond: 1_000_000, rttMilliseconds: 100, source: "test")
    #expect(abs(UploadModel.deliverSeconds(bytes: 9_822, link: link, parameters: warm) - 0.082736) < 1e-12)
  }
}
