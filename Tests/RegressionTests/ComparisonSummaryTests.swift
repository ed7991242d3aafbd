import DeflateBenchResults
import TestSupport
import Testing

@testable import DeflateBenchRegression

@Suite("compare: Markdown summary")
struct ComparisonSummaryTests {
  let template = smallTemplate()

  /// A comparison with one of everything: a slower cell, a faster one, a size change, a missing
  /// and a new cell.
  func eventfulReport() throws -> ComparisonReport {
    let quiet = SyntheticRuns(cv: 0.01, outlierRate: 0)
    let slower = template.cells[1].key
    let faster = template.cells[7].key
    let baseline = quiet.run(from: template, repetitions: 5, seed: 1)
    var current = quiet.run(from: template, repetitions: 5, seed: 2, speedFactor: 0.6) { $0 == slower }
    current = quiet.run(from: current, repetitions: 5, seed: 3, speedFactor: 1.5) { $0 == faster }
    current.cells[2].outputBytes += 3
    current.cells.remove(at: 4)
    current.cells.append(makeFixtureCell(corpus: template.cells[0].corpus, split: template.cells[0].split, level: 2))
    return try RunComparator.compare(baseline: baseline, current: current)
  }

  @Test func listsEveryKindOfFindingUnderItsHeading() throws {
    let report = try eventfulReport()
    let summary = report.markdown(baseline: "Results/baseline", current: "shard-merged")
    #expect(summary.hasPrefix("## DeflateBench comparison: FAIL (2 speed regressions, 1 size change, 1 missing cell)"))
    #expect(summary.contains("Baseline `Results/baseline`, current `shard-merged`"))
    for heading in [
      "### Speed regressions (2)", "### Compressed size changes (1)", "### Missing cells (1)", "### New cells (1)",
      "### Speed improvements (2)",
    ] {
      #expect(summary.contains(heading), "\(heading)")
    }
    #expect(summary.contains("| Cell | Metric | Baseline | Current | Change | 95 % interval |"))
    #expect(summary.contains("MB/s"))
    #expect(summary.contains("**Geometric mean of speed ratios (current / baseline):** compress"))
    #expect(summary.contains("How this was judged:"))
    #expect(summary.contains("the two headlines' intervals combined"))
    // Sections come in the order a reader acts on them: failures first.
    let regressions = try #require(summary.range(of: "### Speed regressions"))
    let improvements = try #require(summary.range(of: "### Speed improvements"))
    #expect(regressions.lowerBound < improvements.lowerBound)
  }

  @Test func regressionRowsShowTheChangeAndItsInterval() throws {
    let report = try eventfulReport()
    let row = try #require(
      report.markdown(baseline: "a", current: "b").split(separator: "\n").first {
        $0.contains(report.speedRegressions[0].key.description) && $0.contains("compress")
      })
    // About 40 % slower, with an interval around it.
    #expect(row.contains("-4"))
    #expect(row.contains(" to "))
  }

  @Test func aCleanComparisonIsShort() throws {
    let report = try RunComparator.compare(baseline: template, current: template)
    let summary = report.markdown(baseline: "a", current: "b")
    #expect(summary.hasPrefix("## DeflateBench comparison: PASS\n"))
    #expect(!summary.contains("###"))
    #expect(summary.contains("compress 1.000x (+0.0 %)"))
  }

  @Test func pipesInCorpusNamesCannotBreakATable() {
    let key = CellKey(corpus: "a|b", split: "whole", backend: "zlib", container: "gzip", level: 6, threads: 1)
    let finding = SizeFinding(
      key: key, baselineBytes: 10, currentBytes: 11, baselineVersion: "1", currentVersion: "1", fails: true)
    let report = ComparisonReport(
      options: ComparisonOptions(), mode: .absolute, commonCells: 1, speed: [], sizes: [finding], missingCells: [],
      newCells: [], brokenCells: [], notes: [])
    let row = report.markdown(baseline: "a", current: "b").split(separator: "\n").first { $0.contains("a\\|b") }
    #expect(row != nil)
  }
}
