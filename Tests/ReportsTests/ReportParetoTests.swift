import DeflateBenchModel
import TestSupport
import Testing

@Suite("Pareto frontier")
struct ReportParetoTests {
  typealias Point = ParetoFrontier.Point

  @Test("Dominated points drop out; duplicates of a frontier point stay")
  func craftedPoints() {
    let points = [
      Point(outputBytes: 100, speed: 10),  // 0: frontier
      Point(outputBytes: 80, speed: 5),  // 1: frontier (smallest)
      Point(outputBytes: 120, speed: 20),  // 2: frontier (fastest)
      Point(outputBytes: 110, speed: 8),  // 3: beaten by 0 on both
      Point(outputBytes: 80, speed: 4),  // 4: as small as 1, slower
      Point(outputBytes: 100, speed: 10),  // 5: duplicate of 0
      Point(outputBytes: 130, speed: 20),  // 6: as fast as 2, larger
    ]
    #expect(ParetoFrontier.optimalIndices(points) == [0, 1, 2, 5])
  }

  @Test("Dominance needs at least as good on both axes and better on one")
  func dominance() {
    #expect(Point(outputBytes: 1, speed: 1).dominates(Point(outputBytes: 2, speed: 1)))
    #expect(Point(outputBytes: 1, speed: 2).dominates(Point(outputBytes: 1, speed: 1)))
    #expect(!Point(outputBytes: 1, speed: 1).dominates(Point(outputBytes: 1, speed: 1)))
    #expect(!Point(outputBytes: 1, speed: 1).dominates(Point(outputBytes: 2, speed: 2)))
  }

  @Test("Empty and single inputs")
  func trivial() {
    #expect(ParetoFrontier.optimalIndices([]).isEmpty)
    #expect(ParetoFrontier.optimalIndices([Point(outputBytes: 5, speed: 5)]) == [0])
  }

  @Test("Cells compete within their payload set and thread count; failed and unverified cells do not")
  func cellGroups() {
    let small = makeFixtureCell(backend: "zopfli", level: 15, outputBytes: 20_000, compressMBps: [1])
    let fast = makeFixtureCell(backend: "libdeflate", level: 1, outputBytes: 30_000, compressMBps: [300])
    let beaten = makeFixtureCell(backend: "zlib", level: 1, outputBytes: 31_000, compressMBps: [100])
    // Would beat everything, but its output did not verify.
    let broken = makeFixtureCell(
      backend: "broken", level: 1, outputBytes: 10, compressMBps: [1000], verified: false)
    // Two threads: compared only with other two-thread cells, so it is on its own frontier.
    let threaded = makeFixtureCell(backend: "zlib", level: 1, threads: 2, outputBytes: 31_000, compressMBps: [190])
    // Another payload set: its own frontier even though `fast` beats its numbers.
    let otherSet = makeFixtureCell(corpus: "other", backend: "zlib", level: 1, outputBytes: 31_000, compressMBps: [100])
    let failed = makeFixtureCell(backend: "isal", level: 0, outputBytes: 1, compressMBps: [5000], error: "crashed")
    let cells = [small, fast, beaten, broken, threaded, otherSet, failed].map(SummarizedCell.init)
    #expect(ParetoFrontier.optimalKeys(cells) == [small.key, fast.key, threaded.key, otherSet.key])
  }
}
