import DeflateBenchMeasurement
import Testing

@testable import DeflateBenchUpload

/// The round-trip model pinned on cases computed by hand (the arithmetic is in each comment).
@Suite("Upload model")
struct UploadModelTests {
  /// 10 Mbit/s = 1,250,000 B/s, 100 ms: round trips dominate a window's serialisation.
  static let fast = LinkPreset(name: "fast", uplinkBitsPerSecond: 10_000_000, rttMilliseconds: 100, source: "test")
  /// 1 Mbit/s = 125,000 B/s, 100 ms.
  static let slow = LinkPreset(name: "slow", uplinkBitsPerSecond: 1_000_000, rttMilliseconds: 100, source: "test")

  static func parameters(connection: String = "warm") -> ModelParameters {
    ModelParameters(
      requestHeadBytes: 200, requestHeadSource: "default", connection: connection, links: [fast], devices: [.this])
  }

  @Test("a body that fits the first window: one flight at the link rate, then the response's round trip")
  func firstWindow() {
    // W = 200 + 10,000 = 10,200 <= 14,600: 10,200 / 125,000 = 0.0816 s; + 0.1 s response.
    let time = UploadModel.time(.identity(bytes: 10_000), link: Self.slow, device: .this, parameters: Self.parameters())
    #expect(abs(time.deliver - 0.0816) < 1e-12)
    #expect(abs(time.total - 0.1816) < 1e-12)
    #expect(UploadModel.flights(bytes: 10_200, initialWindowBytes: 14_600) == 1)
  }

  @Test("a body that needs three flights: two round trips of slow start, then the rest at the rate")
  func threeFlights() {
    // W = 50,000: 14,600 (max(0.1, 0.01168) = 0.1), 29,200 (max(0.1, 0.02336) = 0.1), then
    // 6,200 / 1,250,000 = 0.00496. deliver = 0.20496; + 0.1 response = 0.30496.
    let time = UploadModel.time(.identity(bytes: 49_800), link: Self.fast, device: .this, parameters: Self.parameters())
    #expect(abs(time.deliver - 0.20496) < 1e-12)
    #expect(abs(time.total - 0.30496) < 1e-12)
    #expect(UploadModel.flights(bytes: 50_000, initialWindowBytes: 14_600) == 3)
  }

  @Test("a rate-limited link: every flight takes its serialisation time, so slow start costs nothing")
  func rateLimited() {
    // On 125,000 B/s each window takes longer than the 100 ms round trip: 50,000 / 125,000.
    let deliver = UploadModel.deliverSeconds(bytes: 50_000, link: Self.slow, initialWindowBytes: 14_600)
    #expect(abs(deliver - 0.4) < 1e-12)
  }

  @Test("a cold connection adds two round trips for the TCP and TLS 1.3 handshakes")
  func cold() {
    let warm = UploadModel.time(.identity(bytes: 49_800), link: Self.fast, device: .this, parameters: Self.parameters())
    let cold = UploadModel.time(
      .identity(bytes: 49_800), link: Self.fast, device: .this, parameters: Self.parameters(connection: "cold"))
    #expect(abs(cold.handshake - 0.2) < 1e-12)
    #expect(abs(cold.total - 0.50496) < 1e-12)
    #expect(abs(cold.total - warm.total - 0.2) < 1e-12)
  }

  @Test("a compressed request: device-scaled compress time, the encoding line in the head, server decode")
  func compressed() {
    // C = 49,800 / 1e8 x 2 = 0.000996; W = 200 + 9,800 + 24 ("Content-Encoding: gzip\r\n") =
    // 10,024, one flight: 0.0080192; response 0.1; D = 49,800 / 4e8 = 0.0001245.
    let request = UploadModel.Request(
      inputBytes: 49_800, wireBytes: 9_800, compressBytesPerSecond: 1e8, decodeBytesPerSecond: 4e8,
      contentEncoding: "gzip")
    let device = DeviceClass(name: "half", compressSlowdown: 2, source: "test")
    let time = UploadModel.time(request, link: Self.fast, device: device, parameters: Self.parameters())
    #expect(UploadModel.encodingLineBytes("gzip") == 24)
    #expect(abs(time.compress - 0.000996) < 1e-12)
    #expect(abs(time.deliver - 0.0080192) < 1e-12)
    #expect(abs(time.decode - 0.0001245) < 1e-12)
    #expect(abs(time.total - 0.1091397) < 1e-12)
  }

  @Test("devices parse by name or NAME=FACTOR; every modelled one names its source")
  func devices() {
    #expect(DeviceClass.parse("phone-low") == .phoneLow)
    #expect(DeviceClass.parse("tablet=1.8")?.compressSlowdown == 1.8)
    #expect(DeviceClass.parse("tablet=0") == nil)
    #expect(DeviceClass.parse("watch") == nil)
    for device in DeviceClass.catalog where device.modelled { #expect(device.source.contains("Geekbench")) }
    #expect(!DeviceClass.this.modelled)
  }
}

@Suite("Link pacer")
struct LinkPacerTests {
  @Test(
    "the echo server's pacer releases a request's bytes when the model's deliver() says they arrive",
    arguments: [1_000, 14_600, 50_000, 300_000, 2_000_000])
  func pacerFollowsTheModel(bytes: Int) {
    for link in [LinkPreset.threeG, .lte] {
      let pacer = LinkPacer(
        bytesPerSecond: link.uplinkBytesPerSecond, roundTripNanoseconds: UInt64(link.rttMilliseconds * 1e6),
        initialWindowBytes: 14_600)
      // The reader takes a quantum at a time and reads the next as soon as it wakes.
      let start: UInt64 = 1_000_000_000_000
      var now = start
      var left = bytes
      while left > 0 {
        let chunk = min(left, pacer.readQuantum)
        now = pacer.arrival(of: chunk, now: now)
        left -= chunk
      }
      let modelled = UploadModel.deliverSeconds(bytes: Double(bytes), link: link, initialWindowBytes: 14_600)
      #expect(abs(Double(now - start) / 1e9 - modelled) < 1e-6, "\(link.name) \(bytes) B")
      // After a round trip of silence the next request starts at the initial window again.
      let next = now + UInt64(link.rttSeconds * 1e9) + 1
      #expect(
        pacer.arrival(of: 14_600, now: next) - next == UInt64((14_600 / link.uplinkBytesPerSecond * 1e9).rounded()))
    }
  }
}
