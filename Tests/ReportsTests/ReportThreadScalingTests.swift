import DeflateBenchModel
import DeflateBenchReports
import TestSupport
import Testing

@Suite("Thread scaling")
struct ReportThreadScalingTests {
  @Test("Speed-up and efficiency against the same setting's single-thread speed")
  func figures() throws {
    let cells = [
      makeFixtureCell(level: 6, threads: 4, compressMBps: [320]),
      makeFixtureCell(level: 6, threads: 1, compressMBps: [100]),
      makeFixtureCell(level: 6, threads: 2, compressMBps: [190]),
      makeFixtureCell(level: 9, threads: 2, compressMBps: [50]),  // no single-thread reference
    ].map(SummarizedCell.init)
    let rows = ThreadScaling.rows(cells)
    let row = try #require(rows.first)
    #expect(rows.count == 1)
    #expect(row.singleThreadSpeed == 100)
    #expect(row.scaling.map(\.threads) == [2, 4])
    #expect(row.scaling.map(\.speedup) == [1.9, 3.2])
    #expect(row.scaling.map(\.efficiency) == [0.95, 0.8])
  }

  @Test("Single-thread-only cells give no rows")
  func singleThreadOnly() {
    #expect(ThreadScaling.rows([makeFixtureCell()].map(SummarizedCell.init)).isEmpty)
  }
}
