import DeflateBenchRegression
import TestSupport
import Testing

@Suite("compare: exact size gate")
struct CompareSizeTests {
  let baseline = makeFixtureDocument(uploadLink: nil)

  @Test func identicalRunsPass() throws {
    let report = try RunComparator.compare(baseline: baseline, current: baseline)
    #expect(!report.hasRegression)
    #expect(report.commonCells == baseline.cells.count)
    #expect(report.sizes.isEmpty && report.missingCells.isEmpty && report.newCells.isEmpty)
    #expect(report.speedRegressions.isEmpty)
    #expect(report.markdown(baseline: "a", current: "b").contains("## DeflateBench comparison: PASS"))
  }

  @Test func oneChangedSizeAtTheSameVersionFailsAndIsNamed() throws {
    var current = baseline
    current.cells[4].outputBytes += 1
    let key = current.cells[4].key
    let report = try RunComparator.compare(baseline: baseline, current: current)
    #expect(report.hasRegression)
    #expect(report.failingSizes.map(\.key) == [key])
    #expect(report.failingSizes.first?.currentBytes == baseline.cells[4].outputBytes + 1)
    let summary = report.markdown(baseline: "base", current: "now")
    #expect(summary.contains("FAIL (1 size change)"))
    #expect(summary.contains("`\(key.description)`"))
  }

  @Test func aSmallerOutputAtTheSameVersionAlsoFails() throws {
    // Deterministic libraries write the same bytes: any change means the build changed.
    var current = baseline
    current.cells[0].outputBytes -= 10
    let report = try RunComparator.compare(baseline: baseline, current: current)
    #expect(report.failingSizes.count == 1)
    #expect(report.failingSizes[0].change < 0)
  }

  @Test func aVersionChangeReportsSizesWithoutFailing() throws {
    var current = baseline
    current.context.libraryVersions["zlib"] = "1.3.1"
    for index in current.cells.indices where current.cells[index].backend == "zlib" {
      current.cells[index].version = "1.3.1"
      current.cells[index].outputBytes += 7
    }
    let report = try RunComparator.compare(baseline: baseline, current: current)
    let zlibCells = baseline.cells.filter { $0.backend == "zlib" }.count
    #expect(report.sizes.count == zlibCells)
    #expect(report.failingSizes.isEmpty)
    #expect(!report.hasRegression)
    #expect(report.notes.contains { $0.contains("zlib 1.3 -> 1.3.1") })
    let summary = report.markdown(baseline: "a", current: "b")
    #expect(summary.contains("### Compressed size changes (\(zlibCells))"))
    #expect(summary.contains("1.3 -> 1.3.1"))
    #expect(summary.contains("reported (version changed)"))

    var strict = ComparisonOptions()
    strict.strictSizes = true
    let strictReport = try RunComparator.compare(baseline: baseline, current: current, options: strict)
    #expect(strictReport.failingSizes.count == zlibCells)
    #expect(strictReport.hasRegression)
  }

  @Test func aCellThatFailsNowIsBroken() throws {
    var current = baseline
    current.cells[2].error = "zlib: deflate failed with code -2: stream error"
    current.cells[3].verified = false
    current.cells[3].error = "its output did not decode back"
    let report = try RunComparator.compare(baseline: baseline, current: current)
    #expect(report.brokenCells.map(\.key) == [baseline.cells[2].key, baseline.cells[3].key])
    #expect(report.hasRegression)
    #expect(report.markdown(baseline: "a", current: "b").contains("stream error"))
  }

  /// Issue #39, N2: the runner gives every unverified cell an error; one without is no run's.
  @Test func anUnverifiedCellWithoutAnErrorIsMalformed() throws {
    var current = baseline
    current.cells[3].verified = false
    #expect(throws: ComparisonError.self) { try RunComparator.compare(baseline: current, current: baseline) }
    #expect(throws: ComparisonError.self) { try RunComparator.compare(baseline: baseline, current: current) }
  }

  @Test func aCellThatAlreadyFailedInTheBaselineIsNotGated() throws {
    var old = baseline
    old.cells[2].error = "flaky"
    var current = baseline
    current.cells[2].outputBytes += 100
    let report = try RunComparator.compare(baseline: old, current: current)
    #expect(!report.hasRegression)
    #expect(report.sizes.isEmpty)
  }
}
