import DeflateBenchCodecs
import Testing

@testable import DeflateBenchUpload

/// The link presets, the `--link` and `--rate` syntax, and the model's arithmetic checked
/// against hand-computed values.
@Suite("Link model")
struct LinkModelTests {
  @Test(
    "rates read in bits or bytes, decimal or binary",
    arguments: [
      ("20Mbit", 2_500_000.0), ("20Mbps", 2_500_000), ("750kbit", 93_750), ("1Gbit/s", 125_000_000),
      ("2.5MB", 2_500_000), ("64KiB", 65_536), ("125000", 125_000), ("1MiB/s", 1_048_576),
    ])
  func rates(text: String, bytesPerSecond: Double) throws {
    #expect(try LinkRate.bytesPerSecond(text) == bytesPerSecond)
  }

  @Test(
    "bad rates and durations are refused with what was expected", arguments: ["", "fast", "-5Mbit", "5 parsecs", "0"])
  func badRates(text: String) {
    #expect(throws: LinkRate.ParseError.self) { try LinkRate.bytesPerSecond(text) }
  }

  @Test("durations read as milliseconds")
  func durations() throws {
    #expect(try LinkRate.milliseconds("15ms") == 15)
    #expect(try LinkRate.milliseconds("0.4s") == 400)
    #expect(try LinkRate.milliseconds("60") == 60)
    #expect(throws: LinkRate.ParseError.self) { try LinkRate.milliseconds("soon") }
  }

  @Test("presets are found by name and custom links parse; their specification round-trips")
  func linkSpecs() throws {
    #expect(try LinkPreset.parse("LTE") == .lte)
    let office = try LinkPreset.parse("office=20Mbit@15ms")
    #expect(office.name == "office")
    #expect(office.uplinkBitsPerSecond == 20_000_000)
    #expect(office.uplinkBytesPerSecond == 2_500_000)
    #expect(office.rttMilliseconds == 15)
    #expect(office.description == "office (20 Mbit/s up, 15 ms RTT)")
    for preset in LinkPreset.catalog {
      let reparsed = try LinkPreset.parse(preset.specification)
      #expect(
        reparsed.uplinkBitsPerSecond == preset.uplinkBitsPerSecond && reparsed.rttMilliseconds == preset.rttMilliseconds
      )
      #expect(!preset.source.isEmpty)
    }
    #expect(throws: LinkRate.ParseError.self) { try LinkPreset.parse("carrier-pigeon") }
    #expect(throws: LinkRate.ParseError.self) { try LinkPreset.parse("office=20Mbit") }
    #expect(throws: LinkRate.ParseError.self) { try LinkPreset.parse("=20Mbit@5ms") }
  }

  @Test("the catalog is ordered slowest first and covers the mobile and fixed links")
  func catalog() {
    let names = LinkPreset.catalog.map(\.name)
    for name in ["3g", "lte", "5g", "wifi", "cable", "fiber"] { #expect(names.contains(name)) }
    let rates = LinkPreset.catalog.map(\.uplinkBitsPerSecond)
    #expect(rates == rates.sorted())
  }

  @Test("total time = compress + bytes/rate + decode + RTT x requests")
  func totalTime() {
    // 1 MB in 10 requests at 100 MB/s compress, 400 MB/s decode, to 200 kB, on 8 Mbit/s, 50 ms.
    let link = LinkPreset(name: "t", uplinkBitsPerSecond: 8_000_000, rttMilliseconds: 50, source: "test")
    let compressed = UploadModel.estimate(
      inputBytes: 1_000_000, wireBytes: 200_000, requests: 10, compressBytesPerSecond: 100e6,
      decompressBytesPerSecond: 400e6, link: link)
    #expect(compressed.compressSeconds == 0.01)
    #expect(compressed.transferSeconds == 0.2)
    #expect(compressed.decodeSeconds == 0.0025)
    #expect(abs(compressed.roundTripSeconds - 0.5) < 1e-12)
    #expect(abs(compressed.totalSeconds - 0.7125) < 1e-12)
    let identity = UploadModel.identity(inputBytes: 1_000_000, requests: 10, link: link)
    #expect(abs(identity.totalSeconds - 1.5) < 1e-12)
    #expect(abs(UploadModel.speedup(compressed: compressed, identity: identity) - 1.5 / 0.7125) < 1e-12)
  }

  @Test("break-even bandwidth = saving / (1/compress + 1/decompress), and at it both ways tie")
  func breakEven() throws {
    let rate = try #require(
      UploadModel.breakEvenBytesPerSecond(
        inputBytes: 1_000_000, outputBytes: 250_000, compressBytesPerSecond: 50e6, decompressBytesPerSecond: 200e6))
    #expect(abs(rate - 0.75 / (1 / 50e6 + 1 / 200e6)) < 1e-3)
    // At exactly that rate, compressed and identity take the same time.
    let link = LinkPreset(name: "b", uplinkBitsPerSecond: rate * 8, rttMilliseconds: 30, source: "test")
    let compressed = UploadModel.estimate(
      inputBytes: 1_000_000, wireBytes: 250_000, requests: 4, compressBytesPerSecond: 50e6,
      decompressBytesPerSecond: 200e6, link: link)
    let identity = UploadModel.identity(inputBytes: 1_000_000, requests: 4, link: link)
    #expect(abs(compressed.totalSeconds - identity.totalSeconds) < 1e-9)
    #expect(
      UploadModel.breakEvenBytesPerSecond(
        inputBytes: 100, outputBytes: 120, compressBytesPerSecond: 1, decompressBytesPerSecond: 1) == nil)
  }

  @Test("the small-payload threshold is where framing and header bytes stop dominating")
  func smallPayloadThreshold() throws {
    // A 1 Mbit/s link (125 kB/s), ratio 0.2, gzip framing and header, very fast codecs.
    let link = LinkPreset(name: "slow", uplinkBitsPerSecond: 1_000_000, rttMilliseconds: 100, source: "test")
    let overhead = UploadModel.framingBytes(.gzip) + UploadModel.headerBytes(.gzip)
    #expect(overhead == 18 + 24)
    let threshold = try #require(
      UploadModel.smallPayloadThresholdBytes(
        ratioWithoutFraming: 0.2, overheadBytes: overhead, compressBytesPerSecond: 1e12,
        decompressBytesPerSecond: 1e12, link: link))
    // Without codec cost: s·0.8 > 42, so s > 52.5 bytes.
    #expect(threshold == 53)
    // A slow compressor on a fast link never pays.
    #expect(
      UploadModel.smallPayloadThresholdBytes(
        ratioWithoutFraming: 0.5, overheadBytes: overhead, compressBytesPerSecond: 1e6, decompressBytesPerSecond: 1e6,
        link: .fiber) == nil)
  }
}
