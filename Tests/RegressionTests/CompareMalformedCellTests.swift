import DeflateBenchRegression
import TestSupport
import Testing

/// Figures JSON cannot carry (NaN, infinities) can still reach the comparator from code: they
/// are malformed too, and a failed cell's empty samples are not.
@Suite("compare: malformed cells")
struct CompareMalformedCellTests {
  let baseline = makeFixtureDocument(uploadLink: nil)

  @Test("non-finite samples are malformed, naming the cell and the field", arguments: [Double.nan, .infinity])
  func nonFinite(value: Double) throws {
    var current = baseline
    current.cells[2].decompressSamplesMBps[0] = value
    let key = current.cells[2].key
    #expect(throws: ComparisonError.self) { try RunComparator.compare(baseline: baseline, current: current) }
    do {
      _ = try RunComparator.compare(baseline: baseline, current: current)
    } catch {
      guard case .malformedCell(let run, let cell, let reason) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(run == "current" && cell == key && reason.hasPrefix("decompress_samples_mbps[0]"))
    }
  }

  @Test func aFailedCellWithNoSamplesIsBrokenNotMalformed() throws {
    var current = baseline
    current.cells[1].error = "compress failed"
    current.cells[1].compressSamplesMBps = []
    current.cells[1].decompressSamplesMBps = []
    let report = try RunComparator.compare(baseline: baseline, current: current)
    #expect(report.brokenCells.map(\.key) == [current.cells[1].key])
    #expect(report.hasRegression)
  }
}
