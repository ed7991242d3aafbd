import DeflateBenchRegression
import DeflateBenchResults
import TestSupport
import Testing

/// A backend whose output depends on the CPU (ISA-L level 3) records its code path per cell;
/// sizes are gated exactly only between cells of the same path.
@Suite("compare: sizes and counts across code paths")
struct CompareCodePathTests {
  /// The fixture plus ISA-L cells at levels 1 and 3, the level-3 one on `path` with `level3Bytes`.
  static func run(path: String?, level3Bytes: Int, instructionPath: String? = nil) -> ResultsDocument {
    var document = makeFixtureDocument(uploadLink: nil)
    for level in [1, 3] {
      var cell = makeFixtureCell(
        corpus: "events", split: "events=50", backend: "isal", version: "2.30.0", level: level,
        outputBytes: level == 3 ? level3Bytes : 30_000)
      cell.codePath = level == 3 ? path : nil
      cell.compressInstructionsPerByte = level == 3 ? 40 : 30
      cell.instructionCodePath = level == 3 ? instructionPath : nil
      document.cells.append(cell)
    }
    return document
  }

  @Test("another code path may change ISA-L level 3's size: listed, not failed")
  func pathChangeIsListed() throws {
    let baseline = Self.run(path: "avx2", level3Bytes: 45_633)
    let current = Self.run(path: "avx512", level3Bytes: 45_630)
    let report = try RunComparator.compare(baseline: baseline, current: current)
    #expect(!report.hasRegression)
    #expect(report.sizes.count == 1)
    #expect(report.sizes.first?.pathChanged == true)
    #expect(report.failingSizes.isEmpty)
    let summary = report.markdown(baseline: "a", current: "b")
    #expect(summary.contains("## DeflateBench comparison: PASS"))
    #expect(summary.contains("avx2 -> avx512"))
    #expect(summary.contains("reported (code path changed)"))
  }

  @Test("a size change on the same code path still fails, and so does one beside a path change")
  func samePathStillFails() throws {
    let baseline = Self.run(path: "avx2", level3Bytes: 45_633)
    let samePath = Self.run(path: "avx2", level3Bytes: 45_630)
    let report = try RunComparator.compare(baseline: baseline, current: samePath)
    #expect(report.hasRegression)
    #expect(report.failingSizes.count == 1)

    // The path change excuses level 3 only: a real change in a level-1 cell fails.
    var both = Self.run(path: "avx512", level3Bytes: 45_630)
    let level1 = both.cells.firstIndex { $0.backend == "isal" && $0.level == 1 }!
    both.cells[level1].outputBytes += 1
    let mixed = try RunComparator.compare(baseline: baseline, current: both)
    #expect(mixed.hasRegression)
    #expect(mixed.failingSizes.map(\.key) == [both.cells[level1].key])
    #expect(mixed.sizes.count == 2)
  }

  @Test("--strict-sizes does not fail a change the code path explains")
  func strictSizesFollowThePath() throws {
    var strict = ComparisonOptions()
    strict.strictSizes = true
    let report = try RunComparator.compare(
      baseline: Self.run(path: "avx2", level3Bytes: 45_633), current: Self.run(path: "avx512", level3Bytes: 45_630),
      options: strict)
    #expect(!report.hasRegression)
  }

  @Test("a baseline that recorded no path lists the change instead of failing it")
  func olderBaselineWithoutPaths() throws {
    let report = try RunComparator.compare(
      baseline: Self.run(path: nil, level3Bytes: 45_633), current: Self.run(path: "avx512", level3Bytes: 45_630))
    #expect(!report.hasRegression)
    #expect(report.markdown(baseline: "a", current: "b").contains("not recorded -> avx512"))
  }

  @Test("instruction counts from different paths are listed, not gated; the same path is gated")
  func instructionPaths() throws {
    // Timed natively on AVX-512, counted under valgrind on AVX2, against a baseline counted on AVX2.
    let baseline = Self.run(path: "avx2", level3Bytes: 45_633)
    var current = Self.run(path: "avx512", level3Bytes: 45_630, instructionPath: "avx2")
    let level3 = current.cells.firstIndex { $0.backend == "isal" && $0.level == 3 }!
    current.cells[level3].compressInstructionsPerByte! *= 1.5
    let report = try RunComparator.compare(baseline: baseline, current: current)
    #expect(report.instructionRegressions.map(\.key) == [current.cells[level3].key])

    // Counted on another path: the same 50 % is not a regression of this build.
    var otherPath = Self.run(path: "avx512", level3Bytes: 45_630)
    otherPath.cells[level3].compressInstructionsPerByte! *= 1.5
    let listed = try RunComparator.compare(baseline: baseline, current: otherPath)
    #expect(listed.instructionRegressions.isEmpty)
    #expect(listed.instructionsNotJudged.map(\.key) == [otherPath.cells[level3].key])
    #expect(listed.markdown(baseline: "a", current: "b").contains("Instruction counts not gated (code path changed)"))
  }
}
