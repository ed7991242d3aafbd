import DeflateBenchRegression
import TestSupport
import Testing

@Suite("compare: missing, new and incomparable cells")
struct CompareCellSetTests {
  let baseline = makeFixtureDocument(uploadLink: nil)

  @Test func aMissingCellFailsUnlessLenient() throws {
    var current = baseline
    let removed = current.cells.remove(at: 5)
    let report = try RunComparator.compare(baseline: baseline, current: current)
    #expect(report.missingCells == [removed.key])
    #expect(report.hasRegression)
    #expect(report.markdown(baseline: "a", current: "b").contains("FAIL (1 missing cell)"))

    var lenient = ComparisonOptions()
    lenient.lenient = true
    let lenientReport = try RunComparator.compare(baseline: baseline, current: current, options: lenient)
    #expect(lenientReport.missingCells == [removed.key])
    #expect(!lenientReport.hasRegression)
    let summary = lenientReport.markdown(baseline: "a", current: "b")
    #expect(summary.contains("## DeflateBench comparison: PASS"))
    #expect(summary.contains("Reported only (--lenient)"))
    #expect(summary.contains("`\(removed.key.description)`"))
  }

  @Test func newCellsAreListedWithoutFailing() throws {
    var current = baseline
    let added = makeFixtureCell(corpus: "events", split: "events=50", backend: "zlib", level: 4)
    current.cells.append(added)
    let report = try RunComparator.compare(baseline: baseline, current: current)
    #expect(report.newCells == [added.key])
    #expect(!report.hasRegression)
    let summary = report.markdown(baseline: "a", current: "b")
    #expect(summary.contains("### New cells (1)"))
    #expect(summary.contains("`\(added.key.description)`"))
  }

  @Test func aDifferentCorpusHashIsIncomparable() {
    var current = baseline
    current.corpora[0].sha256 = String(repeating: "f", count: 64)
    #expect(throws: ComparisonError.self) {
      try RunComparator.compare(baseline: baseline, current: current)
    }
    do {
      _ = try RunComparator.compare(baseline: baseline, current: current)
    } catch {
      guard case .corpusChanged(let mismatches) = error else {
        Issue.record("expected corpusChanged, got \(error)")
        return
      }
      #expect(mismatches.map(\.corpus) == [baseline.corpora[0].name])
      #expect(error.description.contains(baseline.corpora[0].name))
    }
  }

  @Test func noCommonCellsIsIncomparable() {
    var current = baseline
    current.cells = current.cells.map { cell in
      var cell = cell
      cell.threads += 10
      return cell
    }
    #expect(
      throws: ComparisonError.noCommonCells(baselineCells: baseline.cells.count, currentCells: baseline.cells.count)
    ) {
      try RunComparator.compare(baseline: baseline, current: current)
    }
  }

  @Test func aRunListingACellTwiceIsRefused() {
    var current = baseline
    current.cells.append(current.cells[0])
    #expect(throws: ComparisonError.duplicateCells(run: "current", keys: [baseline.cells[0].key])) {
      try RunComparator.compare(baseline: baseline, current: current)
    }
  }

  @Test func aCorpusOnlyOneRunHasIsNotAConflict() throws {
    var current = baseline
    current.corpora.removeLast()
    let dropped = baseline.corpora.last!
    current.cells.removeAll { $0.corpus == dropped.name }
    var lenient = ComparisonOptions()
    lenient.lenient = true
    let report = try RunComparator.compare(baseline: baseline, current: current, options: lenient)
    #expect(report.missingCells.count == baseline.cells.filter { $0.corpus == dropped.name }.count)
    #expect(!report.hasRegression)
  }
}
