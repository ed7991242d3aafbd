import DeflateBenchResults
import Testing

@testable import DeflateBenchMeasurement

@Suite("Interleaved cell order")
struct RunnerOrderTests {
  @Test("every repetition visits every cell exactly once")
  func eachRepetitionIsAPermutation() {
    let orders = BenchmarkRunner.visitOrder(cellCount: 37, repetitions: 5, seed: 42)
    #expect(orders.count == 5)
    for order in orders {
      #expect(order.sorted() == Array(0..<37))
    }
  }

  @Test("the same seed gives the same schedule")
  func deterministicForASeed() {
    let first = BenchmarkRunner.visitOrder(cellCount: 50, repetitions: 4, seed: 9)
    let second = BenchmarkRunner.visitOrder(cellCount: 50, repetitions: 4, seed: 9)
    #expect(first == second)
  }

  @Test("repetitions are shuffled differently, and so are different seeds")
  func differsPerRepetitionAndSeed() {
    let orders = BenchmarkRunner.visitOrder(cellCount: 50, repetitions: 4, seed: 9)
    #expect(Set(orders).count == 4)
    #expect(orders.allSatisfy { $0 != Array(0..<50) })
    let other = BenchmarkRunner.visitOrder(cellCount: 50, repetitions: 4, seed: 10)
    #expect(other != orders)
  }

  @Test("the runner visits cells in the scheduled order")
  func runnerFollowsTheSchedule() throws {
    let clock = FakeClock()
    let backend = CopyBackend(name: "copy", clock: clock)
    let plan = try MeasurementPlan.make(
      payloadSets: [makePayloadSet(count: 2, size: 64)], backends: [backend], levels: .all,
      settings: fakeSettings(repetitions: 2, threads: [1, 2]))
    var visited: [CellKey] = []
    _ = runFake(plan, settings: fakeSettings(repetitions: 2, threads: [1, 2]), clock: clock) { event in
      if case .cellStarted(let key, _, _, _) = event { visited.append(key) }
    }
    let expected = BenchmarkRunner.visitOrder(cellCount: plan.cells.count, repetitions: 2, seed: 7)
      .flatMap { $0.map { plan.cells[$0].key } }
    #expect(visited == expected)
  }
}
