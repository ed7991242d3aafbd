import Testing

@testable import DeflateBenchMeasurement

/// Counts what the fake codecs charge the fake clock while the body runs: 1 "instruction" per
/// nanosecond, so a test knows exactly what a counted pass must cost and that nothing else
/// (verification, the uncounted first pass) was counted.
final class ClockInstructionCounter: InstructionCounter {
  let clock: FakeClock
  private(set) var labels: [String] = []
  init(clock: FakeClock) { self.clock = clock }

  func count(label: String, _ body: () -> Void) throws(InstructionCountError) -> UInt64 {
    labels.append(label)
    let start = clock.wallNanoseconds()
    body()
    return clock.wallNanoseconds() - start
  }
}

@Suite("Runner: the instruction metric")
struct RunnerInstructionTests {
  @Test("one counted compression and decompression pass per cell, per input byte, verified, no timing")
  func countsEachCellOnce() throws {
    let clock = FakeClock()
    let backend = CopyBackend(name: "copy", clock: clock, nanosecondsPerByte: 8, levels: [1, 2], defaultLevel: 1)
    var settings = fakeSettings(repetitions: 5)
    settings.metric = .instructions
    let plan = try MeasurementPlan.make(
      payloadSets: [makePayloadSet(count: 3, size: 1_000)], backends: [backend], levels: .all, settings: settings)
    let counter = ClockInstructionCounter(clock: clock)
    let reference = CopyBackend(name: "reference", clock: clock)
    let outcome = BenchmarkRunner(
      plan: plan, settings: settings, clock: clock, resolveVerifier: { _ in reference }, instructionCounter: counter
    ).run()

    #expect(outcome.complete)
    #expect(outcome.cells.count == 2)
    // Deterministic counts need no repetitions: two counts per cell, whatever --repetitions says.
    #expect(counter.labels.count == 4)
    #expect(counter.labels.filter { $0.hasPrefix("compress ") }.count == 2)
    for cell in outcome.cells {
      #expect(cell.verified)
      #expect(cell.isMeasured)
      // 8 ns per byte compressing; the fake decoder charges a quarter of that.
      #expect(cell.compressInstructionsPerByte == 8)
      #expect(cell.decompressInstructionsPerByte == 2)
      #expect(cell.compressSamplesMBps.isEmpty)
      #expect(cell.coldSamplesMicroseconds.isEmpty)
    }
  }

  @Test("an instruction run without a counter fails every cell and says why")
  func missingCounterFails() throws {
    let clock = FakeClock()
    var settings = fakeSettings()
    settings.metric = .instructions
    let plan = try makeSingleCellPlan(settings: settings, clock: clock)
    let outcome = runFake(plan, settings: settings, clock: clock)
    let cell = try #require(outcome.cells.first)
    #expect(cell.error?.contains("no instruction counter") == true)
    #expect(cell.compressInstructionsPerByte == nil)
    #expect(outcome.failedCells.count == 1)
  }

  @Test("the extra work injected for detection-power runs parses strictly and warns")
  func injectedWorkParses() {
    #expect(InjectedExtraWork.parse("libdeflate:2") == InjectedExtraWork(backend: "libdeflate", fraction: 0.02))
    #expect(InjectedExtraWork.parse("zlib:0.5")?.fraction == 0.005)
    #expect(InjectedExtraWork.parse("") == nil)
    #expect(InjectedExtraWork.parse("zlib") == nil)
    #expect(InjectedExtraWork.parse("zlib:0") == nil)
    #expect(InjectedExtraWork.parse(":5") == nil)
    #expect(InjectedExtraWork.parse("zlib:500") == nil)
  }

  @Test("the injected work re-compresses whole payloads within the budget, then a prefix of the largest")
  func injectedWorkBudget() {
    // 2 % of 100 payloads of 700 bytes: two whole payloads, nothing partial.
    let small = InjectedExtraWork.extraBytes(sizes: Array(repeating: 700, count: 100), fraction: 0.02)
    #expect(small.filter { $0 == 700 }.count == 2 && small.reduce(0, +) == 1_400)
    // One payload: a prefix of 2 % of it.
    #expect(InjectedExtraWork.extraBytes(sizes: [16_384], fraction: 0.02) == [328])
    // Budget 10 % of 3000 = 300: no payload fits whole, so a prefix of the largest.
    #expect(InjectedExtraWork.extraBytes(sizes: [1_000, 1_500, 500], fraction: 0.1) == [0, 300, 0])
  }

  @Test("callgrind's totals line is read from a dump")
  func readsCallgrindTotals() {
    let dump = "version: 1\ncreator: callgrind-3.19.0\nevents: Ir\nsummary: 6016\n\nfn=(1) work\n5 12\ntotals: 6016\n"
    #expect(CallgrindCounter.totalInstructions(inDump: dump) == 6016)
    #expect(CallgrindCounter.totalInstructions(inDump: "events: Ir\n") == nil)
  }
}
