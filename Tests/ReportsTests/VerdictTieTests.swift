import DeflateBenchResults
import TestSupport
import Testing

/// The verdict's tie-breaks among settings whose totals are tied (docs/verdict.md; the tie rule
/// itself, intervals overlapping or within --time-tolerance, and the choice by client CPU are
/// pinned in VerdictDecisionTests): the others are listed as ties of the pick, and equal outputs
/// and equal totals go to the lower level, then the backend name.
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

  @Test("client CPU medians inside each other's intervals tie: memory decides, not the medians' order")
  func cpuInsideTheNoiseFallsToMemory() throws {
    // libdeflate's median compress speed is 2 % higher (2 % less CPU), inside the ±10 % spread
    // both share: a difference the next run may reverse. zlib holds less working memory.
    let cell = { (backend: String, speeds: [Double], memory: Int) in
      makeFixtureCell(
        backend: backend, level: 6, inputBytes: 100_000, outputBytes: 20_000, compressMBps: speeds,
        decompressMBps: [500, 500, 500], memoryBytes: memory)
    }
    let noisy = try Self.row([
      cell("libdeflate", Self.spread.map { $0 * 1.02 }, 900_000), cell("zlib", Self.spread, 268_512),
    ])
    #expect(noisy.bestBackend == "zlib", "\(noisy)")
    #expect(noisy.fastestBackend == "libdeflate")
    #expect(noisy.gzipBackend == "zlib")
    // Beyond the noise, less CPU still wins whatever the memory.
    let apart = try Self.row([
      cell("libdeflate", Self.exact.map { $0 * 1.5 }, 900_000), cell("zlib", Self.exact, 268_512),
    ])
    #expect(apart.bestBackend == "libdeflate", "\(apart)")
  }
}
