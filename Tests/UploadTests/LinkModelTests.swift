import DeflateBenchResults
import Testing

@testable import DeflateBenchModel

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
}
