import DeflateBenchResults
import Testing

@testable import DeflateBenchModel
@testable import DeflateBenchUpload

/// The round-trip model pinned on cases computed by hand (the arithmetic is in each comment).
@Suite("Upload model")
struct UploadModelTests {
  /// 10 Mbit/s = 1,250,000 B/s, 100 ms: round trips dominate a window's serialisation.
  static let fast = LinkPreset(name: "fast", uplinkBitsPerSecond: 10_000_000, rttMilliseconds: 100, source: "test")
  /// 1 Mbit/s = 125,000 B/s, 100 ms.
  static let slow = LinkPreset(name: "slow", uplinkBitsPerSecond: 1_000_000, rttMilliseconds: 100, source: "test")

  static func parameters(connection: String = "warm", cc: String = "cubic", http: String = "1.1") -> ModelParameters {
    ModelParameters(
      senderCongestionControl: cc, http: http, requestHeadBytes: 200, requestHeadSource: "default",
      connection: connection, links: [fast], devices: [.this])
  }

  @Test("a body that fits the first window: one flight at the link rate with 52 B of headers per packet")
  func firstWindow() {
    // W = 200 + 10,000 = 10,200 <= 10 x 1,448: ceil(10,200 / 1,448) = 8 packets, 10,200 + 8 x 52 =
    // 10,616 B on the link / 125,000 B/s = 0.084928 s; + 0.1 s response.
    let time = UploadModel.time(.identity(bytes: 10_000), link: Self.slow, device: .this, parameters: Self.parameters())
    #expect(abs(time.deliver - 0.084928) < 1e-12)
    #expect(abs(time.total - 0.184928) < 1e-12)
    #expect(Self.parameters().initialWindowBytes == 14_480)
    #expect(UploadModel.flights(bytes: 14_480, initialWindowBytes: 14_480) == 1)
  }

  @Test("a body that needs three flights: each slow-start round is an RTT plus two packet times when warm")
  func threeFlights() {
    // W = 50,000 at 1,250,000 B/s; a full packet (1,500 B) takes 0.0012 s. Warm: the first ACK
    // waits for two packets, so a round is max(0.1 + 2 x 0.0012, its serialisation) = 0.1024:
    // 14,480 (15,000 B on the link: 0.012 s) and 28,960 (30,000 B: 0.024 s); then 6,560 B in
    // 5 packets = 6,820 B: 0.005456. deliver = 0.210256; + 0.1 response = 0.310256.
    let time = UploadModel.time(.identity(bytes: 49_800), link: Self.fast, device: .this, parameters: Self.parameters())
    #expect(abs(time.deliver - 0.210256) < 1e-12)
    #expect(abs(time.total - 0.310256) < 1e-12)
    #expect(UploadModel.flights(bytes: 50_000, initialWindowBytes: 14_480) == 3)
  }

  @Test("a rate-limited link: every flight takes its serialisation time, so slow start costs nothing")
  func rateLimited() {
    // 50,000 B in 35 packets: 51,820 B on the link / 125,000 B/s = 0.41456 s, each window's
    // serialisation (0.12 s, 0.24 s) longer than a round trip plus a packet (0.112 s).
    let deliver = UploadModel.deliverSeconds(
      bytes: 50_000, link: Self.slow, parameters: Self.parameters(connection: "cold"))
    #expect(abs(deliver - 0.41456) < 1e-12)
    // The echo server's emulation counts payload bytes only: 50,000 / 125,000.
    #expect(abs(UploadModel.deliverSeconds(bytes: 50_000, link: Self.slow, initialWindowBytes: 14_600) - 0.4) < 1e-12)
  }

  @Test("a cold connection adds two handshake round trips and ACKs every packet: a round is RTT + one packet")
  func cold() {
    // Handshakes 2 x 0.1; rounds max(0.1 + 0.0012, ...) = 0.1012 twice, then 0.005456:
    // deliver 0.207856; total 0.2 + 0.207856 + 0.1 = 0.507856.
    let warm = UploadModel.time(.identity(bytes: 49_800), link: Self.fast, device: .this, parameters: Self.parameters())
    let cold = UploadModel.time(
      .identity(bytes: 49_800), link: Self.fast, device: .this, parameters: Self.parameters(connection: "cold"))
    #expect(abs(cold.handshake - 0.2) < 1e-12)
    #expect(abs(cold.total - 0.507856) < 1e-12)
    #expect(abs(cold.total - warm.total - 0.1976) < 1e-12)
  }

  @Test("a kept-alive BBR sender keeps its window after idle: the whole request at the link rate")
  func bbrWarm() {
    // 50,000 B in 35 packets = 51,820 B on the link / 1,250,000 = 0.041456; + 0.1 response.
    let warm = UploadModel.time(
      .identity(bytes: 49_800), link: Self.fast, device: .this, parameters: Self.parameters(cc: "bbr"))
    #expect(abs(warm.total - 0.141456) < 1e-12)
    // A new BBR connection starts from the initial window like cubic's.
    let cold = UploadModel.time(
      .identity(bytes: 49_800), link: Self.fast, device: .this,
      parameters: Self.parameters(connection: "cold", cc: "bbr"))
    #expect(abs(cold.total - 0.507856) < 1e-12)
  }

  @Test("a compressed request: device-scaled compress time, the encoding line in the head, server decode")
  func compressed() {
    // C = 49,800 / 1e8 x 2 = 0.000996; W = 200 + 9,800 + 24 ("Content-Encoding: gzip\r\n") =
    // 10,024 in 7 packets: 10,388 B / 1,250,000 = 0.0083104; response 0.1; D = 49,800 / 4e8 =
    // 0.0001245; total 0.1094309.
    let request = UploadModel.Request(
      inputBytes: 49_800, wireBytes: 9_800, compressBytesPerSecond: 1e8, decodeBytesPerSecond: 4e8,
      contentEncoding: "gzip")
    let device = DeviceClass(name: "half", compressSlowdown: 2, source: "test")
    let time = UploadModel.time(request, link: Self.fast, device: device, parameters: Self.parameters())
    #expect(UploadModel.encodingLineBytes("gzip") == 24)
    #expect(abs(time.compress - 0.000996) < 1e-12)
    #expect(abs(time.deliver - 0.0083104) < 1e-12)
    #expect(abs(time.decode - 0.0001245) < 1e-12)
    #expect(abs(time.total - 0.1094309) < 1e-12)
  }

  @Test("slow start overflows the queue when (packets + initial window) / 2 exceed BDP plus the queue")
  func overflow() {
    // 3g: 50,000 B/s x 0.4 s = 20,000 B in flight + a queue of 116,000 = 136,000 B.
    // 300,000 B = 208 packets: (208 + 10) / 2 = 109 x 1,500 = 163,500 > 136,000: overflows.
    // 100,000 B = 70 packets: 40 x 1,500 = 60,000: does not. BBR never does in the model.
    let cubic = Self.parameters(connection: "cold")
    #expect(UploadModel.slowStartOverflows(bytes: 300_000, link: .threeG, parameters: cubic, queueBytes: 116_000))
    #expect(!UploadModel.slowStartOverflows(bytes: 100_000, link: .threeG, parameters: cubic, queueBytes: 116_000))
    #expect(
      !UploadModel.slowStartOverflows(
        bytes: 300_000, link: .threeG, parameters: Self.parameters(connection: "cold", cc: "bbr"),
        queueBytes: 116_000))
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
