import DeflateBenchRegression
import DeflateBenchResults
import TestSupport
import Testing

@Suite("compare: instruction gate")
struct CompareInstructionTests {
  /// The fixture with instruction counts in every cell, as a `--metric time,instructions` run has.
  let baseline: ResultsDocument = {
    var document = makeFixtureDocument(uploadLink: nil)
    for index in document.cells.indices {
      document.cells[index].compressInstructionsPerByte = 100 + Double(index)
      document.cells[index].decompressInstructionsPerByte = 20 + Double(index)
    }
    return document
  }()

  @Test func identicalCountsPass() throws {
    let report = try RunComparator.compare(baseline: baseline, current: baseline)
    #expect(!report.hasRegression)
    #expect(report.instructions.count == baseline.cells.count * 2)
    #expect(report.instructions.allSatisfy { $0.verdict == .unchanged })
    #expect(report.markdown(baseline: "a", current: "b").contains("**Instructions:** \(baseline.cells.count) cells"))
  }

  @Test func moreThanTheThresholdFailsAndIsNamed() throws {
    var current = baseline
    current.cells[3].compressInstructionsPerByte! *= 1.021
    let report = try RunComparator.compare(baseline: baseline, current: current)
    #expect(report.hasRegression)
    #expect(report.instructionRegressions.map(\.key) == [baseline.cells[3].key])
    #expect(report.instructionRegressions.first?.metric == .compress)
    let summary = report.markdown(baseline: "a", current: "b")
    #expect(summary.contains("FAIL (1 instruction regression)"))
    #expect(summary.contains("### Instruction regressions (1)"))
    #expect(summary.contains("+2.1 %"))
  }

  @Test func withinTheThresholdPassesAndFewerIsAnImprovement() throws {
    var current = baseline
    current.cells[0].decompressInstructionsPerByte! *= 1.019
    current.cells[1].compressInstructionsPerByte! *= 0.9
    let report = try RunComparator.compare(baseline: baseline, current: current)
    #expect(!report.hasRegression)
    #expect(report.instructionImprovements.map(\.key) == [baseline.cells[1].key])

    // A tighter threshold catches the 1.9 %.
    let strict = try RunComparator.compare(
      baseline: baseline, current: current, options: ComparisonOptions(instructionThreshold: 0.01))
    #expect(strict.instructionRegressions.map(\.key) == [baseline.cells[0].key])
  }

  @Test func aCurrentRunWithoutCountsIsNotGatedButSaysSo() throws {
    let report = try RunComparator.compare(baseline: baseline, current: makeFixtureDocument(uploadLink: nil))
    #expect(report.instructions.isEmpty)
    #expect(!report.hasRegression)
    #expect(report.notes.contains { $0.contains("instructions were not gated") })
  }
}
