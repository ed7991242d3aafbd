import DeflateBenchCodecs
import DeflateBenchCorpora
import DeflateBenchMeasurement
import DeflateBenchRegression
import DeflateBenchResults
import DeflateBenchSupport
import TestSupport
import Testing

/// Detection power in real measurements: zlib measured by the real runner, once as it is and once
/// with level 1 doing its work twice. Compared relative to zlib level 6 of the same run, as CI
/// compares, so a machine that is slower for both cells cancels out; and on CPU-time speeds,
/// because the other tests of this suite run in parallel on the same two cores, and wall-clock
/// speeds measured under that load swing by factors, not percent.
@Suite("compare: a really slowed backend in real runs", .serialized)
struct SlowedBackendRunTests {
  /// 64 KB of JSON-like lines: compressible, and quick enough that a cell takes milliseconds.
  static let payloads: PayloadSet = {
    var text = ""
    var index = 0
    while text.utf8.count < 65_536 {
      text += "{\"event\":\"upload\",\"id\":\(index * 7919 % 100_003),\"size\":\(index * 31 % 4096),\"ok\":true}\n"
      index += 1
    }
    let bytes = Array(text.utf8)
    return PayloadSet(
      corpus: "lines", kind: "json-events", split: "whole", payloads: [bytes], sha256: SHA256.hash(bytes).hex)
  }()

  /// One real run of zlib levels 1 and 6: ten samples per cell, each the fastest of up to three
  /// batches of at least 10 ms. Ten, so each headline's interval starts at the 4th fastest sample
  /// rather than the 3rd of 5: with five, the suite running beside it on two cores once widened
  /// the intervals past the doubled work.
  func measure(_ backend: any CompressionBackend, seed: UInt64) throws -> ResultsDocument {
    let settings = RunSettings(seed: seed, minTimeSeconds: 0.01, repetitions: 10)
    let plan = try MeasurementPlan.make(
      payloadSets: [Self.payloads], backends: [backend], levels: .list([1, 6]), settings: settings)
    let outcome = BenchmarkRunner(
      plan: plan, settings: settings,
      resolveBackend: { name in
        BackendRegistry.all.first { $0.name == name }
      }
    ).run()
    return outcome.document(context: makeFixtureContext(seed: seed, repetitions: 10))
  }

  @Test func aBackendThatCompressesTwiceIsFlaggedAndAnUnchangedOneIsNot() throws {
    let zlib = ZlibBackend()
    let baseline = try measure(zlib, seed: 1)
    let unchanged = try measure(zlib, seed: 2)
    let slowed = try measure(DoubledWorkBackend(wrapped: zlib, slowedLevels: [1]), seed: 3)
    for document in [baseline, unchanged, slowed] {
      #expect(document.complete)
      #expect(document.cells.count == 2 && document.cells.allSatisfy { $0.verified && $0.error == nil })
    }
    let options = ComparisonOptions(reference: .default, metrics: [.compressCPU])

    let same = try RunComparator.compare(baseline: baseline, current: unchanged, options: options)
    #expect(!same.hasRegression, "\(same.markdown(baseline: "first run", current: "second run"))")

    let report = try RunComparator.compare(baseline: baseline, current: slowed, options: options)
    let levelOne = CellKey(corpus: "lines", split: "whole", backend: "zlib", container: "gzip", level: 1, threads: 1)
    let summary = report.markdown(baseline: "zlib", current: "zlib level 1 twice")
    #expect(report.speedRegressions.map(\.key) == [levelOne], "\(summary)")
    #expect(report.speedRegressions.map(\.metric) == [.compressCPU])
    // Same output, so no size change: the gate tells a slower build from a different one.
    #expect(report.sizes.isEmpty)
    let ratio = try #require(report.speedRegressions.first?.ratio)
    #expect(ratio > 0.3 && ratio < 0.75, "twice the work should roughly halve the speed; got \(ratio)")
  }
}
