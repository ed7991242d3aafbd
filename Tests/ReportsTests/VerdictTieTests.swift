import DeflateBenchMeasurement
import DeflateBenchReports
import DeflateBenchUpload
import TestSupport
import Testing

/// The verdict's tie rule and tie-breaks (README, "How to read a row"): outputs within 1 % whose
/// total-time intervals overlap are listed as ties of the pick; equal outputs and equal totals are
/// broken by the lower total, then the lower level, then the backend name.
@Suite("Verdict: ties and tie-breaks")
struct VerdictTieTests {
  /// Ten compress speeds around 50 MB/s, spread enough that the median's bootstrap interval is
  /// wide (about ±10 %), and the same ten with no spread at all.
  static let spread: [Double] = [42, 58, 45, 55, 47, 53, 49, 51, 44, 56]
  static let exact = [Double](repeating: 50, count: 10)

  static func cell(_ backend: String, _ level: Int, out: Int, speeds: [Double]) -> CellResult {
    makeFixtureCell(
      backend: backend, level: level, inputBytes: 100_000, outputBytes: out, compressMBps: speeds,
      decompressMBps: [500, 500, 500])
  }

  static func row(_ cells: [CellResult]) throws -> VerdictRow {
    try #require(VerdictTests.rows(cells).first)
  }

  @Test("an output within 1 % whose total's interval overlaps the pick's is a tie")
  func closeOutputWithOverlappingIntervalIsATie() throws {
    // 150 bytes more (0.75 %) is 0.24 ms more on lte; the intervals are about 0.8 ms wide.
    let row = try Self.row([
      Self.cell("zlib", 6, out: 20_000, speeds: Self.spread),
      Self.cell("libdeflate", 6, out: 20_150, speeds: Self.spread),
    ])
    #expect(row.bestBackend == "zlib")
    #expect(row.bestTies == ["libdeflate gzip 6"])
  }

  @Test("within 1 % in size but with intervals apart, it is not a tie")
  func closeOutputWithSeparateIntervalsIsNoTie() throws {
    // No spread: each total is a point, and 0.24 ms apart they do not overlap.
    let exact = try Self.row([
      Self.cell("zlib", 6, out: 20_000, speeds: Self.exact),
      Self.cell("libdeflate", 6, out: 20_150, speeds: Self.exact),
    ])
    #expect(exact.bestBackend == "zlib")
    #expect(exact.bestTies == [])
    // The same size as the overlapping case, but ten times slower: its interval lies far above.
    let slow = try Self.row([
      Self.cell("zlib", 6, out: 20_000, speeds: Self.spread),
      Self.cell("libdeflate", 6, out: 20_150, speeds: Self.spread.map { $0 / 10 }),
    ])
    #expect(slow.bestTies == [])
  }

  @Test("an output more than 1 % away is never a tie, however close its time")
  func outputBeyondOnePercentIsNoTie() throws {
    let row = try Self.row([
      Self.cell("zlib", 6, out: 20_000, speeds: Self.spread),
      Self.cell("libdeflate", 6, out: 20_250, speeds: Self.spread),
    ])
    #expect(row.bestBackend == "zlib")
    #expect(row.bestTies == [])
  }

  @Test("equal outputs and equal totals go to the lower level, then to the backend name; the other is a tie")
  func exactTiesAreBrokenByLevelThenName() throws {
    let byLevel = try Self.row([
      Self.cell("zlib", 6, out: 20_000, speeds: Self.exact), Self.cell("zlib", 5, out: 20_000, speeds: Self.exact),
    ])
    #expect(byLevel.bestBackend == "zlib" && byLevel.bestLevel == 5)
    #expect(byLevel.fastestLevel == 5)
    #expect(byLevel.bestTies == ["zlib gzip 6"])
    let byName = try Self.row([
      Self.cell("zlib", 6, out: 20_000, speeds: Self.exact),
      Self.cell("libdeflate", 6, out: 20_000, speeds: Self.exact),
    ])
    #expect(byName.bestBackend == "libdeflate" && byName.fastestBackend == "libdeflate")
    #expect(byName.gzipBackend == "libdeflate")
    #expect(byName.bestTies == ["zlib gzip 6"])
  }

  @Test("the order of the cells in the results does not change the pick")
  func pickDoesNotDependOnCellOrder() throws {
    let cells = [
      Self.cell("zlib", 6, out: 20_000, speeds: Self.exact),
      Self.cell("libdeflate", 6, out: 20_000, speeds: Self.exact),
      Self.cell("zlib", 5, out: 20_000, speeds: Self.exact),
    ]
    let forward = try Self.row(cells)
    let backward = try Self.row(cells.reversed())
    #expect(forward.bestBackend == backward.bestBackend && forward.bestLevel == backward.bestLevel)
    #expect(forward.bestTies == backward.bestTies)
    // Level first: zlib 5 beats libdeflate 6 although "libdeflate" sorts before "zlib".
    #expect(forward.bestBackend == "zlib" && forward.bestLevel == 5)
  }
}
