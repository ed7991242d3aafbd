import Synchronization
import Testing

@testable import DeflateBenchMeasurement

/// A sample is the fastest of the batches a visit times back to back (`CellVisit.fastestBatch`):
/// a slow spell that covers one batch does not reach it.
@Suite("Runner: the fastest of a visit's batches")
struct RunnerFastestBatchTests {
  /// The compression sample of one visit of a one-body cell (1,000 bytes at 2 ns per byte, 2 µs
  /// a call; min-time 50 µs, so batches of 28 calls) whose calls 12 to 39, the calibration's last
  /// batch and so the sample's first, each take twice as long.
  private func sample(batchesPerSample: Int) throws -> Double {
    let clock = FakeClock()
    let calls = Atomic<Int>(0)
    var backend = CopyBackend(name: "copy", clock: clock, nanosecondsPerByte: 2, levels: [1], defaultLevel: 1)
    backend.onCompress = {
      let call = calls.add(1, ordering: .relaxed).newValue
      if (12...39).contains(call) { clock.advance(by: 2_000) }
    }
    var settings = fakeSettings(repetitions: 1)
    settings.batchesPerSample = batchesPerSample
    let plan = try MeasurementPlan.make(
      payloadSets: [makePayloadSet(count: 1)], backends: [backend], levels: .all, settings: settings)
    let outcome = runFake(plan, settings: settings, clock: clock)
    let cell = try #require(outcome.cells.first)
    return try #require(cell.compressSamplesMBps.first)
  }

  @Test("three batches: the slowed first batch is not the sample; one batch: it is")
  func slowSpellInOneBatch() throws {
    // 28 calls of 1,000 bytes in 56 µs is 500 MB/s; with every call doubled, 250 MB/s.
    #expect(abs(try sample(batchesPerSample: 3) - 500) < 1e-9)
    #expect(abs(try sample(batchesPerSample: 1) - 250) < 1e-9)
  }
}
