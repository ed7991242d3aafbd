import Testing

@testable import DeflateBenchMeasurement

@Suite("Timing loop and batch calibration")
struct RunnerTimingLoopTests {
  @Test("calibration aims each batch 10 % above min-time until one batch lasts it")
  func calibrationGrowsGeometrically() throws {
    let costPerPass: UInt64 = 1_000
    let target: UInt64 = 50_000
    var tried: [Int] = []
    let passes = try TimingLoop.calibrate(minNanoseconds: target, maxPasses: 1_000_000) { passes in
      tried.append(passes)
      return UInt64(passes) * costPerPass
    }
    #expect(UInt64(passes) * costPerPass >= target)
    // One pass (1 µs) predicts 55, capped at 10x; 10 passes (10 µs) predict 55 exactly: the
    // batch lasts 1.1 times min-time, not the up-to-2x that whole growth factors gave.
    #expect(tried == [1, 10, 55])
    for (previous, next) in zip(tried, tried.dropFirst()) {
      #expect(next > previous && next <= 10 * previous, "batch went from \(previous) to \(next)")
    }
    // Every batch but the last was too short; the last is the one returned.
    #expect(tried.dropLast().allSatisfy { UInt64($0) * costPerPass < target })
    #expect(tried.last == passes)
  }

  @Test("a single pass already longer than min-time is a batch of one")
  func slowPassNeedsNoGrowth() throws {
    var calls = 0
    let passes = try TimingLoop.calibrate(minNanoseconds: 1_000, maxPasses: 100) { passes in
      calls += 1
      return UInt64(passes) * 5_000
    }
    #expect(passes == 1)
    #expect(calls == 1)
  }

  @Test("a clock that never advances stops at the batch cap instead of looping forever")
  func frozenClockStopsAtCap() throws {
    var tried: [Int] = []
    let passes = try TimingLoop.calibrate(minNanoseconds: 1_000, maxPasses: 5_000) { passes in
      tried.append(passes)
      return 0
    }
    #expect(passes == 5_000)
    #expect(tried == [1, 10, 100, 1_000, 5_000])
  }

  @Test("a pass the caller already timed is not timed again")
  func firstPassIsReused() throws {
    var tried: [Int] = []
    let slow = try TimingLoop.calibrate(minNanoseconds: 1_000, maxPasses: 100, firstPass: 2_000) { passes in
      tried.append(passes)
      return UInt64(passes) * 2_000
    }
    #expect(slow == 1)
    #expect(tried.isEmpty)
    let fast = try TimingLoop.calibrate(minNanoseconds: 1_000, maxPasses: 100, firstPass: 100) { passes in
      tried.append(passes)
      return UInt64(passes) * 100
    }
    #expect(tried == [10])
    #expect(fast == 10)
  }

  @Test("the next batch follows the estimate plus 10 %, at least one pass more and at most 10x")
  func nextBatchIsClamped() {
    // 900 ns for one pass against 1 µs: the estimate is 1.22 passes; one pass more is the least.
    #expect(TimingLoop.nextBatch(passes: 1, elapsed: 900, target: 1_000) == 2)
    #expect(TimingLoop.nextBatch(passes: 1, elapsed: 100, target: 1_000) == 10)
    #expect(TimingLoop.nextBatch(passes: 4, elapsed: 250, target: 1_000) == 18)
    // 4 passes in 2.5 µs against 5 µs: 8 passes estimated, 8.8 rounded up.
    #expect(TimingLoop.nextBatch(passes: 4, elapsed: 2_500, target: 5_000) == 9)
    #expect(TimingLoop.nextBatch(passes: 7, elapsed: 0, target: 1_000) == 70)
    #expect(TimingLoop.nextBatch(passes: Int.max / 2, elapsed: 0, target: 1_000) == Int.max)
    #expect(TimingLoop.nextBatch(passes: Int.max / 2, elapsed: 1, target: 1_000) == Int.max)
  }

  @Test("the timed batch charges exactly the work done and reads the clock twice")
  func measureTimesOnlyTheWork() throws {
    let clock = FakeClock()
    let backend = CopyBackend(name: "copy", clock: clock, nanosecondsPerByte: 3)
    let arena = InputArena(makePayloadSet(count: 5, size: 200))
    let compressor = try backend.makeCompressor(level: 1, container: .gzip)
    let outputs = OutputArena(capacities: arena.sizes.map { compressor.compressBound($0) })
    let work = CompressPass(compressor: compressor, inputs: arena.views, outputs: outputs)
    let readsBefore = clock.wallReads
    let timing = try TimingLoop.measure(work, passes: 7, clock: clock)
    #expect(timing.wallNanoseconds == 7 * 5 * 200 * 3)
    #expect(timing.cpuNanoseconds == timing.wallNanoseconds)
    #expect(clock.wallReads - readsBefore == 2)
    #expect(outputs.totalLength == 5 * 202)
  }

  @Test("concurrent workers each do the full batch and their CPU time is summed")
  func concurrentWorkersSumCPU() throws {
    let clock = FakeClock()
    let backend = CopyBackend(name: "copy", clock: clock, nanosecondsPerByte: 1)
    let arena = InputArena(makePayloadSet(count: 2, size: 100))
    let workers = try (0..<3).map { _ in
      let compressor = try backend.makeCompressor(level: 1, container: .gzip)
      return CompressPass(
        compressor: compressor, inputs: arena.views,
        outputs: OutputArena(capacities: arena.sizes.map { compressor.compressBound($0) }))
    }
    let timing = try TimingLoop.measureConcurrently(workers, passes: 4, clock: clock)
    // The shared fake clock advanced by every worker's work: 3 workers x 4 passes x 200 bytes.
    #expect(timing.wallNanoseconds == 3 * 4 * 200)
    #expect(workers.allSatisfy { $0.outputs.totalLength == 2 * 102 })
  }
}
