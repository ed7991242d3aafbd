import DeflateBenchResults
import TestSupport
import Testing

/// The verdict's tie-breaks among settings that cannot be told apart (docs/verdict.md; the rule
/// itself, zlib 6 unless beaten and fewest bytes among the tied, is pinned in
/// VerdictAnchorTests): the others are listed as ties of the pick, and equal outputs go to less
/// client CPU, then to the lower level, then to the backend name.
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

  @Test("an output within 1 % whose total's interval overlaps zlib 6's leaves zlib 6 named, the other a tie")
  func closeOutputWithOverlappingIntervalIsATie() throws {
    // 150 bytes less (0.75 %) is 0.24 ms less on lte; the intervals are about 0.8 ms wide.
    let row = try Self.row([
      Self.cell("zlib", 6, out: 20_150, speeds: Self.spread),
      Self.cell("libdeflate", 6, out: 20_000, speeds: Self.spread),
    ])
    #expect(row.bestBackend == "zlib" && row.zlib6Beaten == false)
    #expect(row.bestTies == ["libdeflate gzip 6"])
  }

  @Test("without zlib 6, equal outputs and equal totals go to the lower level, then to the backend name")
  func exactTiesAreBrokenByLevelThenName() throws {
    let byLevel = try Self.row([
      Self.cell("libdeflate", 6, out: 20_000, speeds: Self.exact),
      Self.cell("libdeflate", 5, out: 20_000, speeds: Self.exact),
    ])
    #expect(byLevel.bestBackend == "libdeflate" && byLevel.bestLevel == 5)
    #expect(byLevel.fastestLevel == 5)
    #expect(byLevel.bestTies == ["libdeflate gzip 6"])
    let byName = try Self.row([
      Self.cell("zlib-ng", 6, out: 20_000, speeds: Self.exact),
      Self.cell("libdeflate", 6, out: 20_000, speeds: Self.exact),
    ])
    #expect(byName.bestBackend == "libdeflate" && byName.fastestBackend == "libdeflate")
    #expect(byName.gzipBackend == "libdeflate")
    #expect(byName.bestTies == ["zlib-ng gzip 6"])
  }

  @Test("the order of the cells in the results does not change the pick")
  func pickDoesNotDependOnCellOrder() throws {
    let cells = [
      Self.cell("zlib-ng", 6, out: 20_000, speeds: Self.exact),
      Self.cell("libdeflate", 6, out: 20_000, speeds: Self.exact),
      Self.cell("zlib-ng", 5, out: 20_000, speeds: Self.exact),
    ]
    let forward = try Self.row(cells)
    let backward = try Self.row(cells.reversed())
    #expect(forward.bestBackend == backward.bestBackend && forward.bestLevel == backward.bestLevel)
    #expect(forward.bestTies == backward.bestTies)
    // Level first: zlib-ng 5 beats libdeflate 6 although "libdeflate" sorts before "zlib-ng".
    #expect(forward.bestBackend == "zlib-ng" && forward.bestLevel == 5)
  }

  @Test("client CPU inside the noise never decides: bytes do, so two runs name the same setting")
  func cpuInsideTheNoiseDoesNotDecide() throws {
    // libdeflate's median compress speed is 2 % higher (2 % less CPU), inside the ±10 % spread
    // both share: a difference the next run may reverse. zlib-ng writes 100 bytes fewer.
    let noisy = try Self.row([
      Self.cell("libdeflate", 6, out: 20_100, speeds: Self.spread.map { $0 * 1.02 }),
      Self.cell("zlib-ng", 6, out: 20_000, speeds: Self.spread),
    ])
    #expect(noisy.bestBackend == "zlib-ng", "\(noisy)")
    let swapped = try Self.row([
      Self.cell("libdeflate", 6, out: 20_100, speeds: Self.spread),
      Self.cell("zlib-ng", 6, out: 20_000, speeds: Self.spread.map { $0 * 1.02 }),
    ])
    #expect(swapped.bestBackend == "zlib-ng", "\(swapped)")
  }
}
