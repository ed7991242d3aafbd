import DeflateBenchResults
import Testing

@testable import DeflateBenchMeasurement

@Suite("Shards")
struct ShardSelectionTests {
  @Test("K/N parses only for 1 <= K <= N", arguments: ["1/1", "2/4", "4/4"])
  func validShards(text: String) throws {
    let shard = try #require(Shard.parse(text))
    #expect(shard.description == text)
  }

  @Test("malformed shards are refused", arguments: ["0/4", "5/4", "1/0", "1", "a/b", "1/2/3", "-1/2", "", "/"])
  func invalidShards(text: String) {
    #expect(Shard.parse(text) == nil)
  }

  @Test("shards 1/N..N/N partition the matrix exactly", arguments: [1, 2, 3, 5, 7])
  func shardsPartitionThePlan(count: Int) throws {
    let clock = FakeClock()
    let backends = [
      CopyBackend(name: "alpha", clock: clock), CopyBackend(name: "beta", clock: clock, levels: [1, 5, 9, 12]),
      CopyBackend(name: "ref", clock: clock, containers: [.zstd]),
    ]
    let sets = [makePayloadSet(corpus: "x"), makePayloadSet(corpus: "y", split: "whole")]
    let full = try MeasurementPlan.make(
      payloadSets: sets, backends: backends, levels: .all, settings: fakeSettings(threads: [1, 2]))
    var seen: [CellKey] = []
    for index in 1...count {
      let shard = try #require(Shard(index: index, count: count))
      let part = try MeasurementPlan.make(
        payloadSets: sets, backends: backends.reversed(), levels: .all,
        settings: fakeSettings(threads: [2, 1], shard: shard))
      #expect(part.shard == shard)
      // Balanced: sizes differ by at most one.
      #expect(abs(part.cells.count - full.cells.count / count) <= 1)
      seen += part.cells.map(\.key)
    }
    #expect(seen.count == full.cells.count)
    #expect(Set(seen) == Set(full.cells.map(\.key)))
  }

  @Test("skipped cells belong to a shard like any other, so merged shards skip the same cells")
  func skippedCellsArePartitionedToo() throws {
    let clock = FakeClock()
    let limited = CopyBackend(name: "zopfli", clock: clock, maxInputBytes: 2_000)
    let sets = [makePayloadSet(corpus: "small", size: 100), makePayloadSet(corpus: "large", size: 5_000)]
    let full = try MeasurementPlan.make(payloadSets: sets, backends: [limited], levels: .all, settings: fakeSettings())
    #expect(full.skipped.count == 3)
    var skipped: [CellKey] = []
    var measured: [CellKey] = []
    for index in 1...2 {
      let part = try MeasurementPlan.make(
        payloadSets: sets, backends: [limited], levels: .all,
        settings: fakeSettings(shard: Shard(index: index, count: 2)))
      skipped += part.skipped.map(\.key)
      measured += part.cells.map(\.key)
    }
    #expect(Set(skipped) == Set(full.skipped.map(\.key)))
    #expect(Set(measured) == Set(full.cells.map(\.key)))
  }

  @Test("the matrix planned from names, each set's plan once it is made: the same shard and the same skipped cells")
  func matrixFromNamesAgreesWithPlansOfMadeSets() throws {
    let clock = FakeClock()
    let backends = [
      CopyBackend(name: "zopfli", clock: clock, maxInputBytes: 2_000), CopyBackend(name: "a", clock: clock),
    ]
    let sets = [makePayloadSet(corpus: "small", size: 100), makePayloadSet(corpus: "large", size: 5_000)]
    for index in 1...3 {
      let settings = fakeSettings(threads: [1, 2], shard: Shard(index: index, count: 3))
      let made = try MeasurementPlan.make(payloadSets: sets, backends: backends, levels: .all, settings: settings)
      let matrix = try MatrixPlan(sets: sets.map(\.name), backends: backends, levels: .all, settings: settings)
      let perSet = sets.indices.map { matrix.plan(forSet: $0, loaded: sets[$0]) }
      #expect(perSet.flatMap { $0.cells.map(\.key) }.sorted() == made.cells.map(\.key).sorted())
      #expect(perSet.flatMap { $0.skipped.map(\.key) }.sorted() == made.skipped.map(\.key).sorted())
      #expect(perSet.allSatisfy { $0.cells.allSatisfy { $0.payloadSetIndex == 0 } && $0.payloadSets.count == 1 })
      #expect(perSet[1].skipped.allSatisfy { $0.key.backend == "zopfli" && $0.key.corpus == "large" })
    }
  }

  @Test("Shard.select keeps every Nth key of the sorted list")
  func selectIsRoundRobin() throws {
    let keys = (0..<10).map {
      CellKey(corpus: "c", split: "s", backend: "b", container: "gzip", level: 9 - $0, threads: 1)
    }
    let first = try #require(Shard(index: 1, count: 3)).select(keys)
    #expect(first.map(\.level) == [0, 3, 6, 9])
  }
}
