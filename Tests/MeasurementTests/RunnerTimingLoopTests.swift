import Testing

@testable import DeflateBenchMeasurement

@Suite("Timing loop and batch calibration")
struct RunnerTimingLoopTests {
  @Test("calibration grows the batch geometrically until one batch lasts min-time")
  func calibrationGrowsGeometrically() throws {
    let costPerPass: UInt64 = 1_000
    let target: UInt64 = 50_000
    var tried: [Int] = []
    let passes = try TimingLoop.calibrate(minNanoseconds: target, maxPasses: 1_000_000) { passes in
      tried.append(passes)
      return UInt64(passes) * costPerPass
    }
    #expect(UInt64(passes) * costPerPass >= target)
    // Never more than the 10x cap above what was needed.
    #expect(passes <= 10 * Int(target / costPerPass))
    #expect(tried.first == 1)
    for (previous, next) in zip(tried, tried.dropFirst()) {
      #expect(next >= 2 * previous && next <= 10 * previous, "batch went from \(previous) to \(next)")
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

  @Test("growth factor follows the estimate within 2x and 10x")
  func growthFactorIsClamped() {
    #expect(TimingLoop.growthFactor(elapsed: 900, target: 1_000) == 2)
    #expect(TimingLoop.growthFactor(elapsed: 100, target: 1_000) == 10)
    #expect(TimingLoop.growthFactor(elapsed: 250, target: 1_000) == 5)
    #expect(TimingLoop.growthFactor(elapsed: 0, target: 1_000) == 10)
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
