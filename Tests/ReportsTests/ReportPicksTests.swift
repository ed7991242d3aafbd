import DeflateBenchMeasurement
import DeflateBenchReports
import TestSupport
import Testing

@Suite("Headline picks")
struct ReportPicksTests {
  /// A cell of 1000 input bytes at a ratio and a constant speed.
  func cell(
    _ backend: String, ratio: Double, speed: Double, threads: Int = 1, verified: Bool = true, error: String? = nil
  ) -> CellResult {
    makeFixtureCell(
      backend: backend, level: 1, threads: threads, inputBytes: 1000, outputBytes: Int((1000 / ratio).rounded()),
      compressMBps: [speed, speed, speed], verified: verified, error: error)
  }

  var crafted: [CellResult] {
    [
      cell("store", ratio: 0.99, speed: 1000),  // copies bytes: never a pick
      cell("fast", ratio: 2.0, speed: 400),
      cell("balanced", ratio: 3.0, speed: 250),  // best ratio at >= 200 MB/s
      cell("almost", ratio: 3.2, speed: 150),  // better ratio, below half the fastest speed
      cell("small", ratio: 4.0, speed: 2),
      cell("unverified", ratio: 5.0, speed: 500, verified: false),
      cell("failed", ratio: 6.0, speed: 600, error: "crashed"),
      cell("threaded", ratio: 3.5, speed: 600, threads: 2),
    ]
  }

  @Test("Smallest, fastest and best balance on a crafted payload set")
  func craftedPicks() {
    let picks = HeadlinePicks(crafted.map(SummarizedCell.init))
    #expect(picks.smallest?.cell.backend == "small")
    #expect(picks.fastest?.cell.backend == "fast")
    #expect(picks.balance?.cell.backend == "balanced")
    #expect(!picks.isEmpty)
  }

  @Test("The best balance is on the Pareto frontier")
  func balanceIsParetoOptimal() throws {
    let cells = crafted.map(SummarizedCell.init)
    let balance = try #require(HeadlinePicks(cells).balance)
    #expect(ParetoFrontier.optimalKeys(cells).contains(balance.cell.key))
  }

  @Test("A cell exactly at half the fastest speed qualifies for best balance")
  func balanceBoundary() {
    let picks = HeadlinePicks(
      [cell("fast", ratio: 2, speed: 400), cell("edge", ratio: 3, speed: 200)].map(SummarizedCell.init))
    #expect(picks.balance?.cell.backend == "edge")
  }

  @Test("Ties in ratio go to the faster cell")
  func ratioTie() {
    let picks = HeadlinePicks(
      [cell("slow", ratio: 4, speed: 10), cell("quick", ratio: 4, speed: 20)].map(SummarizedCell.init))
    #expect(picks.smallest?.cell.backend == "quick")
  }

  @Test("Without single-thread cells the lowest thread count is used")
  func lowestThreadCount() {
    let picks = HeadlinePicks(
      [cell("two", ratio: 3, speed: 100, threads: 2), cell("four", ratio: 3, speed: 180, threads: 4)]
        .map(SummarizedCell.init))
    #expect(picks.fastest?.cell.backend == "two")
  }

  @Test("Nothing eligible: no picks, and the console line says so")
  func nothingEligible() {
    let cells = [cell("store", ratio: 1, speed: 900), cell("failed", ratio: 3, speed: 1, error: "x")]
    #expect(HeadlinePicks(cells.map(SummarizedCell.init)).isEmpty)
    let document = ResultsDocument(
      complete: true, context: makeFixtureContext(), corpora: [], cells: cells, warnings: [])
    #expect(headlinePicks(document) == ["events/whole: no verified cell that compresses to pick from"])
  }

  @Test("The console lines name each payload set's three picks with ratio and speed")
  func consoleLines() throws {
    let lines = headlinePicks(makeFixtureDocument())
    #expect(lines.count == 2)
    // The fixture's laws: libdeflate 1 is fastest, zstd 1 has the best ratio at >= half its speed,
    // zstd 19 is smallest. Lines follow the corpus records' order.
    let events = try #require(lines.first)
    #expect(events.hasPrefix("events/events=50: smallest zstd 19 (ratio 6.50, "))
    #expect(events.contains(" · fastest libdeflate gzip 1 (ratio 4.40, "))
    #expect(events.contains(" · best balance zstd 1 (ratio 4.75, "))
    #expect(lines[1].hasPrefix("alice/whole: smallest zstd 19"))
  }
}
