import DeflateBenchCorpora
import DeflateBenchResults
import TestSupport
import Testing

@testable import DeflateBenchMeasurement

@Suite("Runner: samples, verification, failures")
struct RunnerMeasurementTests {
  @Test("every cell is verified and gets one sample of each kind per repetition")
  func everyCellVerified() throws {
    let clock = FakeClock()
    let backend = CopyBackend(name: "copy", clock: clock, nanosecondsPerByte: 2)
    let sets = [makePayloadSet(corpus: "a", count: 3, size: 500), makePayloadSet(corpus: "b", count: 1, size: 4_000)]
    let settings = fakeSettings(repetitions: 4, threads: [1, 2])
    let plan = try MeasurementPlan.make(payloadSets: sets, backends: [backend], levels: .all, settings: settings)
    let outcome = runFake(plan, settings: settings, clock: clock)

    #expect(outcome.complete)
    #expect(outcome.cells.count == 2 * 3 * 2)
    #expect(outcome.failedCells.isEmpty)
    for cell in outcome.cells {
      #expect(cell.verified)
      #expect(cell.verifiedWith == "reference")
      #expect(cell.compressSamplesMBps.count == 4)
      #expect(cell.compressCPUSamplesMBps.count == 4)
      #expect(cell.decompressSamplesMBps.count == 4)
      #expect(cell.coldSamplesMicroseconds.count == 4)
      #expect(cell.outputBytes == cell.inputBytes + 2 * cell.payloads)
      #expect(cell.memoryBytes == 4096)
      #expect(cell.version == "1.0-test")
    }
  }

  /// The one cell of a copy backend at `nanosecondsPerByte` on the fake clock, measured on `set`.
  private func measuredCell(
    nanosecondsPerByte: UInt64, _ set: PayloadSet, repetitions: Int
  ) throws -> CellResult {
    let clock = FakeClock()
    let backend = CopyBackend(
      name: "copy", clock: clock, nanosecondsPerByte: nanosecondsPerByte, levels: [1], defaultLevel: 1)
    let settings = fakeSettings(repetitions: repetitions)
    let plan = try MeasurementPlan.make(payloadSets: [set], backends: [backend], levels: .all, settings: settings)
    return try #require(runFake(plan, settings: settings, clock: clock).cells.first)
  }

  @Test("speeds come from the clock: 2 ns per byte is 500 MB/s")
  func speedsFollowTheClock() throws {
    let cell = try measuredCell(nanosecondsPerByte: 2, makePayloadSet(count: 2, size: 1_000), repetitions: 2)
    #expect(cell.compressSamplesMBps == [500, 500])
    #expect(cell.compressCPUSamplesMBps == [500, 500])
    // The fake decoder charges a quarter of the encoder's cost.
    #expect(cell.decompressSamplesMBps == [2_000, 2_000])
    // A cold call compresses the median payload: 1000 bytes x 2 ns = 2 us; so does its warm twin.
    #expect(cell.coldSamplesMicroseconds == [2, 2])
    #expect(cell.warmCallSamplesMicroseconds == [2, 2])
  }

  @Test("a slow cell of one body takes its warm call on the sample's context, timed alone")
  func singleBodyWarmCallFromSample() throws {
    let cell = try measuredCell(
      nanosecondsPerByte: 200, makePayloadSet(split: "whole", count: 1, size: 3_000), repetitions: 3)
    // 3,000 bytes at 200 ns: 600 µs a call, above min-time (50 µs), cold and warm alike on the
    // fake clock.
    #expect(cell.warmCallSamplesMicroseconds == [600, 600, 600])
    #expect(cell.coldSamplesMicroseconds == [600, 600, 600])
    #expect(cell.coldPayloadBytes == 3_000)
  }

  @Test("cold and warm calls time the payload of median size, not the mean one")
  func coldAndWarmOnTheMedianPayload() throws {
    let sizes = [100, 300, 5_000]
    let payloads = sizes.map { [UInt8](repeating: 7, count: $0) }
    let set = PayloadSet(corpus: "mixed", kind: "binary", split: "whole", payloads: payloads, sha256: "test-mixed")
    let cell = try measuredCell(nanosecondsPerByte: 2, set, repetitions: 3)
    // The median body is 300 bytes (0.6 us at 2 ns per byte); the mean one, 1,800 bytes.
    #expect(cell.coldPayloadBytes == 300)
    let warm = try #require(cell.warmCallSamplesMicroseconds)
    for sample in cell.coldSamplesMicroseconds + warm { #expect(abs(sample - 0.6) < 1e-9) }
    #expect(cell.coldSamplesMicroseconds.count == 3 && warm.count == 3)
  }

  @Test("a corrupting backend fails its cells, which say why, while other cells are measured")
  func corruptionFailsTheCell() throws {
    let clock = FakeClock()
    let good = CopyBackend(name: "good", clock: clock)
    let bad = CopyBackend(name: "bad", clock: clock, corruptsOutput: true)
    let settings = fakeSettings(repetitions: 3)
    let plan = try MeasurementPlan.make(
      payloadSets: [makePayloadSet()], backends: [good, bad], levels: .default, settings: settings)
    var failures: [CellKey] = []
    let outcome = runFake(plan, settings: settings, clock: clock) { event in
      if case .cellFailed(let key, _) = event { failures.append(key) }
    }
    let failed = try #require(outcome.failedCells.first)
    #expect(outcome.failedCells.count == 1)
    #expect(failed.backend == "bad")
    #expect(!failed.verified)
    #expect(failed.error?.contains("verification failed") == true)
    #expect(failed.error?.contains("payload 1 of 4") == true)
    #expect(failed.compressSamplesMBps.isEmpty)
    #expect(failures.map(\.backend) == ["bad"])
    let measured = try #require(outcome.cells.first { $0.backend == "good" })
    #expect(measured.verified && measured.compressSamplesMBps.count == 3)
  }

  @Test("an output wrong only in each payload's last byte fails its cell: every byte is compared")
  func lastByteCorruptionFailsTheCell() throws {
    let clock = FakeClock()
    let bad = CopyBackend(name: "bad", clock: clock, corruptsLastByte: true)
    let settings = fakeSettings(repetitions: 2)
    let plan = try MeasurementPlan.make(
      payloadSets: [makePayloadSet()], backends: [CopyBackend(name: "good", clock: clock), bad], levels: .default,
      settings: settings)
    let outcome = runFake(plan, settings: settings, clock: clock)
    let failed = try #require(outcome.failedCells.first)
    #expect(outcome.failedCells.count == 1 && failed.backend == "bad" && !failed.verified)
    #expect(failed.error?.contains("reference decoded different bytes") == true, "\(failed.error ?? "no error")")
  }

  @Test("an output whose size moves between passes fails its cell: compression is deterministic")
  func sizeThatMovesFailsTheCell() throws {
    let clock = FakeClock()
    // The first pass over the 4 payloads is verified at its size; every later call pads a byte.
    let moving = CopyBackend(name: "moving", clock: clock, padsAfter: CallCount(calls: 4))
    let settings = fakeSettings(repetitions: 3)
    let plan = try MeasurementPlan.make(
      payloadSets: [makePayloadSet()], backends: [CopyBackend(name: "good", clock: clock), moving],
      levels: .default, settings: settings)
    let outcome = runFake(plan, settings: settings, clock: clock)
    let failed = try #require(outcome.failedCells.first)
    #expect(outcome.failedCells.count == 1 && failed.backend == "moving")
    #expect(
      failed.error?.contains("the compressed size changed between passes (4008 then 4012 bytes)") == true,
      "\(failed.error ?? "no error")")
    #expect(outcome.cells.first { $0.backend == "good" }?.error == nil)
  }

  @Test("cancelling stops between cells and keeps what was measured, marked incomplete")
  func cancellationKeepsPartialResults() throws {
    let clock = FakeClock()
    let backend = CopyBackend(name: "copy", clock: clock)
    let settings = fakeSettings(repetitions: 3)
    let plan = try MeasurementPlan.make(
      payloadSets: [makePayloadSet()], backends: [backend], levels: .all, settings: settings)
    let flag = CancellationFlag()
    var finished = 0
    var interrupted = false
    let outcome = runFake(plan, settings: settings, clock: clock, cancellation: flag) { event in
      switch event {
      case .cellFinished:
        finished += 1
        if finished == 4 { flag.cancel() }
      case .interrupted: interrupted = true
      default: break
      }
    }
    #expect(!outcome.complete)
    #expect(interrupted)
    #expect(finished == 4)
    // Repetition 1 (3 cells) completed, and one cell of repetition 2.
    let sampleCounts = outcome.cells.map(\.compressSamplesMBps.count).sorted()
    #expect(sampleCounts == [1, 1, 2])
    #expect(outcome.cells.allSatisfy { $0.verified })
  }

  @Test("a snapshot of measured cells is published after every repetition")
  func snapshotsAfterEachRepetition() throws {
    let clock = FakeClock()
    let backend = CopyBackend(name: "copy", clock: clock)
    let settings = fakeSettings(repetitions: 3)
    let plan = try MeasurementPlan.make(
      payloadSets: [makePayloadSet()], backends: [backend], levels: .default, settings: settings)
    var snapshots: [Int] = []
    _ = runFake(plan, settings: settings, clock: clock) { event in
      if case .repetitionFinished(_, let cells) = event { snapshots.append(cells[0].compressSamplesMBps.count) }
    }
    #expect(snapshots == [1, 2, 3])
  }

  @Test("the upload hook sees every cell once, with outputs that decode to the originals")
  func uploadHookRunsOncePerCell() throws {
    let clock = FakeClock()
    let backend = CopyBackend(name: "copy", clock: clock)
    let settings = fakeSettings(repetitions: 3)
    let plan = try MeasurementPlan.make(
      payloadSets: [makePayloadSet(count: 3, size: 50)], backends: [backend], levels: .all, settings: settings)
    let recorder = RecordingUpload()
    let outcome = runFake(plan, settings: settings, clock: clock, uploadStep: recorder)
    #expect(recorder.cells.count == 3)
    for cell in recorder.cells {
      #expect(cell.compressed.map { Array($0.dropFirst(2)) } == cell.originals)
    }
    #expect(outcome.cells.allSatisfy { $0.upload?.link == "test" })

    let failing = RecordingUpload(failure: UploadStepError("digest mismatch"))
    let failed = runFake(plan, settings: settings, clock: clock, uploadStep: failing)
    #expect(failed.failedCells.count == 3)
    #expect(failed.failedCells.allSatisfy { $0.error == "upload failed: digest mismatch" })
  }
}

final class RecordingUpload: CellUploadStep {
  var cells: [CompressedCell] = []
  let failure: UploadStepError?

  init(failure: UploadStepError? = nil) { self.failure = failure }

  func upload(_ cell: CompressedCell) throws(UploadStepError) -> UploadMeasurement {
    if let failure { throw failure }
    cells.append(cell)
    return UploadMeasurement(
      link: "test", uploadMs: 1, uploadIdentityMs: 2, wireBytes: cell.compressed.map(\.count).reduce(0, +),
      serverVerified: true, modelledMs: nil)
  }
}
