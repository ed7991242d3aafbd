import DeflateBenchModel
import DeflateBenchResults
import Testing

/// The class of a cell's cold penalty, from hand-made pairs whose answer is known.
@Suite("Cold extra: paired median of cold - warm and its class")
struct StatisticsColdExtraTests {
  static let warm: [Double] = [100, 102, 98, 101, 99, 103, 97, 100, 101, 99]

  static func cold(adding differences: [Double]) -> [Double] {
    zip(warm, differences).map { $0 + $1 }
  }

  @Test("Every pair 8-13 µs dearer: a penalty of 10 µs, the interval above 0")
  func penalty() throws {
    let extra = try #require(
      ColdExtra(cold: Self.cold(adding: [10, 12, 8, 11, 9, 13, 10, 10, 12, 9]), warm: Self.warm))
    #expect(extra.finding == .penalty)
    #expect(extra.medianMicroseconds == 10)
    #expect(extra.pairs == 10)
    #expect(extra.confidence == 0.95)
    let lower = try #require(extra.lowerMicroseconds)
    let upper = try #require(extra.upperMicroseconds)
    #expect(lower > 0 && lower <= 10 && upper >= 10 && upper <= 13)
  }

  @Test("Differences of -5 to +5 µs either way: within noise, the interval holds 0")
  func withinNoise() throws {
    let extra = try #require(
      ColdExtra(cold: Self.cold(adding: [-5, 3, -2, 4, -1, 2, -3, 1, 5, -4]), warm: Self.warm))
    #expect(extra.finding == .withinNoise)
    #expect(extra.medianMicroseconds == 0)
    #expect(try #require(extra.lowerMicroseconds) < 0)
    #expect(try #require(extra.upperMicroseconds) > 0)
  }

  @Test("Every pair 4-9 µs cheaper: below, the interval under 0")
  func below() throws {
    let extra = try #require(
      ColdExtra(cold: Self.cold(adding: [-4, -6, -5, -9, -7, -5, -6, -8, -4, -6]), warm: Self.warm))
    #expect(extra.finding == .below)
    #expect(extra.medianMicroseconds == -6)
    #expect(try #require(extra.upperMicroseconds) < 0)
    #expect(extra.medianRatio < 1)
  }

  @Test("The load moves the pairs by 3x between repetitions; pairing still sees the 5 % penalty")
  func pairingCancelsDrift() throws {
    // Unpaired, the cold and warm medians' intervals overlap widely; paired, every difference is +5 %.
    let warm: [Double] = [100, 300, 150, 250, 120, 280, 200, 110, 260, 180]
    let extra = try #require(ColdExtra(cold: warm.map { $0 * 1.05 }, warm: warm))
    #expect(extra.finding == .penalty)
    #expect(abs(extra.medianRatio - 1.05) < 1e-12)
  }

  @Test("Three pairs: the figures, but no interval and no class (too few samples)")
  func tooFewSamples() throws {
    let extra = try #require(ColdExtra(cold: [110, 112, 108], warm: [100, 102, 98]))
    #expect(extra.finding == .tooFewSamples)
    #expect(extra.medianMicroseconds == 10)
    #expect(extra.lowerMicroseconds == nil && extra.upperMicroseconds == nil && extra.confidence == nil)
    #expect(extra.pairs == 3)
  }

  @Test("Nothing to pair: no samples, or series of different lengths")
  func nothingToPair() {
    #expect(ColdExtra(cold: [], warm: []) == nil)
    #expect(ColdExtra(cold: [1, 2, 3], warm: [1, 2]) == nil)
    let cell = CellResult(
      corpus: "c", split: "whole", payloadBytes: 1, payloads: 1, backend: "zlib", version: "1", container: "gzip",
      level: 6, threads: 1, inputBytes: 1, outputBytes: 1, compressSamplesMBps: [1], compressCPUSamplesMBps: [1],
      decompressSamplesMBps: [1], coldSamplesMicroseconds: [5], memoryBytes: nil, verified: true, verifiedWith: "zlib")
    // A file from before the warm call was measured.
    #expect(ColdExtra(cell) == nil)
  }

  @Test("A non-finite pair is left out and counted out")
  func nonFinitePair() throws {
    let extra = try #require(
      ColdExtra(
        cold: Self.cold(adding: [10, 12, 8, 11, 9, 13, 10, 10, 12, 9]) + [.nan], warm: Self.warm + [100]))
    #expect(extra.pairs == 10)
    #expect(extra.finding == .penalty)
  }
}
