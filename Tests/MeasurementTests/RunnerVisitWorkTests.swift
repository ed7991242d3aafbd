import Synchronization
import Testing

@testable import DeflateBenchMeasurement

/// How many library calls a visit makes: every batch a sample needs, and no batch timed only to
/// be thrown away (the calibration's last batch is the first visit's sample; a warm call that
/// alone lasts min-time needs no batch after its first visit; a slow cell of one body takes its
/// warm call on the context of its compression sample).
@Suite("Runner: the work a visit does")
struct RunnerVisitWorkTests {
  /// Compression calls of one cell over `repetitions` visits: `payloads` 1,000-byte payloads at
  /// `nanosecondsPerByte` on the fake clock, min-time 50 µs.
  private func compressCalls(
    nanosecondsPerByte: UInt64, repetitions: Int, minTimeSeconds: Double = 0.000_05, payloads: Int = 4
  ) throws -> Int {
    let clock = FakeClock()
    let calls = Counter()
    var backend = CopyBackend(
      name: "copy", clock: clock, nanosecondsPerByte: nanosecondsPerByte, levels: [1], defaultLevel: 1)
    backend.onCompress = { calls.add() }
    var settings = fakeSettings(repetitions: repetitions)
    settings.minTimeSeconds = minTimeSeconds
    let plan = try MeasurementPlan.make(
      payloadSets: [makePayloadSet(count: payloads)], backends: [backend], levels: .all, settings: settings)
    let outcome = runFake(plan, settings: settings, clock: clock)
    #expect(outcome.complete && outcome.failedCells.isEmpty)
    return calls.value
  }

  /// Checks the calls of the first visit (a run of one repetition) and of each later one (the
  /// difference between runs of three and one), for the same cell.
  private func expectCalls(
    nanosecondsPerByte: UInt64, minTimeSeconds: Double = 0.000_05, payloads: Int = 4, firstVisit: Int,
    laterVisit: Int, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let first = try compressCalls(
      nanosecondsPerByte: nanosecondsPerByte, repetitions: 1, minTimeSeconds: minTimeSeconds, payloads: payloads)
    #expect(first == firstVisit, "first visit", sourceLocation: sourceLocation)
    let three = try compressCalls(
      nanosecondsPerByte: nanosecondsPerByte, repetitions: 3, minTimeSeconds: minTimeSeconds, payloads: payloads)
    #expect(three - first == 2 * laterVisit, "later visits", sourceLocation: sourceLocation)
  }

  @Test("a fast cell: the calibration's last batch is the first sample, and later visits time each batch once")
  func fastCell() throws {
    // One pass of 4 calls lasts 8 µs at 2 ns per byte. First visit: the first pass, then the
    // calibration's batch of 7 passes (56 µs, 10 % above min-time), which is the sample: 32
    // calls. Warm call (2 µs): one call, then batches of 10 and 28 calls, the last of which is
    // the sample: 39. Cold: 1.
    // Later: a warm-up pass and the sample (4 + 28), an untimed warm call and the batch of 28
    // whose mean per call is the warm figure (under 100 µs), the cold call.
    try expectCalls(nanosecondsPerByte: 2, firstVisit: 32 + 39 + 1, laterVisit: 32 + 29 + 1)
  }

  @Test("a fast cell of one body keeps the twin: only a call of min-time or more is taken from the sample")
  func fastSingleBody() throws {
    // One call of 2 µs: the first pass, then batches of 10 and 28 passes, the last the sample
    // (39 calls); the twin the same (39); the cold call.
    // Later: a warm-up pass and the sample of 28, an untimed twin call and its batch of 28, the
    // cold call.
    try expectCalls(nanosecondsPerByte: 2, payloads: 1, firstVisit: 39 + 39 + 1, laterVisit: 29 + 29 + 1)
  }

  @Test("a slow cell of one body: the sample warms the single warm call, and no twin is made")
  func slowSingleBody() throws {
    // A call of 200 µs lasts min-time: the sample is one call, then the single warm call on the
    // same context, then the cold call, on every visit (the twin took an untimed call more).
    try expectCalls(nanosecondsPerByte: 200, payloads: 1, firstVisit: 1 + 1 + 1, laterVisit: 1 + 1 + 1)
  }

  @Test("a warm call timed alone but shorter than min-time keeps its batch as warm-up on later visits")
  func singleWarmCallWarmUp() throws {
    // 110 µs a call, min-time 1 ms. First visit: the first pass (440 µs) and the calibration's
    // batch of 3 passes, the sample (16 calls); the first warm call and the batch of 10 calls
    // (1.1 ms) that calibrates it, then the single warm call (11 + 1); the cold call.
    // Later: a warm-up pass and the sample (4 + 12); an untimed warm call, the batch of 10 and
    // the single warm call; the cold call.
    try expectCalls(nanosecondsPerByte: 110, minTimeSeconds: 0.001, firstVisit: 16 + 12 + 1, laterVisit: 16 + 12 + 1)
  }

  @Test("a slow cell: one pass per sample, and the warm call timed alone needs no batch")
  func slowCell() throws {
    // A call lasts 200 µs at 200 ns per byte: every batch is one pass or one call. First visit:
    // the first pass is the sample (4 calls); the first warm call is the calibration, then the
    // single timed warm call and the cold call.
    // Later: the sample pass without warm-up (it lasts min-time), an untimed warm call, the
    // single warm call, the cold call.
    try expectCalls(nanosecondsPerByte: 200, firstVisit: 4 + 1 + 1 + 1, laterVisit: 4 + 1 + 1 + 1)
  }
}

private final class Counter: Sendable {
  private let count = Atomic<Int>(0)
  func add() { count.add(1, ordering: .relaxed) }
  var value: Int { count.load(ordering: .relaxed) }
}
