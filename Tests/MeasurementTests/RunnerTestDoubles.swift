import DeflateBenchCodecs
import DeflateBenchCorpora
import DeflateBenchSupport
import Synchronization

@testable import DeflateBenchMeasurement

/// A clock that stands still until a fake codec charges it for work: tests of the harness then
/// measure exactly the costs they set, on any machine, however loaded.
final class FakeClock: MeasurementClock {
  private let now = Mutex<UInt64>(1_000)
  private let reads = Atomic<Int>(0)

  func wallNanoseconds() -> UInt64 {
    reads.add(1, ordering: .relaxed)
    return now.withLock { $0 }
  }

  /// The same counter: the fake work is all on-CPU.
  func threadCPUNanoseconds() -> UInt64 { now.withLock { $0 } }

  func advance(by nanoseconds: UInt64) { now.withLock { $0 += nanoseconds } }

  var wallReads: Int { reads.load(ordering: .relaxed) }
}

/// A "codec" that copies its input behind a 2-byte header and charges the fake clock a fixed
/// cost per input byte. `corruptsOutput` makes it flip a byte in every output, the bug
/// verification exists to catch.
struct CopyBackend: CompressionBackend {
  let name: String
  let clock: FakeClock
  var nanosecondsPerByte: UInt64 = 1
  var corruptsOutput = false
  /// Flips the last byte of every output instead of the first: a difference only a comparison
  /// of every byte finds.
  var corruptsLastByte = false
  var verifier = VerifierChoice.backend("reference")
  var maxInputBytes: Int? = nil
  var levels: [Int] = [1, 2, 3]
  var defaultLevel = 2
  var containers: [Container] = [.gzip, .zlib, .raw]
  /// Called at the start of every compression: a test's way to make a call that does not return.
  var onCompress: (@Sendable () -> Void)? = nil
  /// When set, every compression after the first `padsAfter.calls` (counted across visits) adds a
  /// byte the decoder skips: output that still decodes, at a size that moved between passes.
  var padsAfter: CallCount? = nil

  var version: String { "1.0-test" }
  /// No library: its code is the test bundle's own.
  var compressorLibrarySymbols: [String] { [] }

  func makeCompressorUnchecked(level: Int, container: Container) throws(CodecError) -> any Compressor {
    CopyCompressor(backend: self)
  }

  func makeDecompressorUnchecked(container: Container) throws(CodecError) -> any Decompressor {
    CopyDecompressor(clock: clock, nanosecondsPerByte: nanosecondsPerByte)
  }
}

final class CopyCompressor: Compressor {
  let backend: CopyBackend
  init(backend: CopyBackend) { self.backend = backend }

  func compressBound(_ inputCount: Int) -> Int { inputCount + 3 }

  func compress(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) throws(CodecError)
    -> Int
  {
    backend.onCompress?()
    guard output.count >= input.count + 2 else { throw .outputTooSmall(backend: backend.name, capacity: output.count) }
    output[0] = 0xC0
    output[1] = 0xDE
    if input.count > 0 {
      UnsafeMutableRawBufferPointer(rebasing: output[2..<(2 + input.count)]).copyMemory(from: input)
      if backend.corruptsOutput { output[2] ^= 0xFF }
      if backend.corruptsLastByte { output[1 + input.count] ^= 0xFF }
    }
    backend.clock.advance(by: backend.nanosecondsPerByte * UInt64(input.count))
    if let padsAfter = backend.padsAfter, padsAfter.next(), output.count >= input.count + 3 {
      output[1] = 0xDF
      output[input.count + 2] = 0
      return input.count + 3
    }
    return input.count + 2
  }

  var peakMemoryBytes: Int? { 4096 }
}

final class CopyDecompressor: Decompressor {
  let clock: FakeClock
  let nanosecondsPerByte: UInt64
  init(clock: FakeClock, nanosecondsPerByte: UInt64) {
    self.clock = clock
    self.nanosecondsPerByte = nanosecondsPerByte
  }

  func decompress(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) throws(CodecError)
    -> Int
  {
    guard input.count >= 2, input[0] == 0xC0, input[1] == 0xDE || input[1] == 0xDF else {
      throw .corruptInput(backend: "copy", container: .gzip, detail: "missing header")
    }
    // 0xDF: one padding byte at the end (`CopyBackend.padsAfter`).
    let count = input.count - (input[1] == 0xDF ? 3 : 2)
    guard count <= output.count else { throw .outputTooSmall(backend: "copy", capacity: output.count) }
    if count > 0 { output.copyMemory(from: UnsafeRawBufferPointer(rebasing: input[2...])) }
    clock.advance(by: nanosecondsPerByte * UInt64(count) / 4)
    return count
  }
}

/// Counts calls shared by every context of a backend; `next()` is true from call `calls` + 1 on.
final class CallCount: Sendable {
  let calls: Int
  private let made = Atomic<Int>(0)
  init(calls: Int) { self.calls = calls }
  func next() -> Bool { made.add(1, ordering: .relaxed).newValue > calls }
}

/// A payload set of `count` payloads of `size` bytes each, with distinct contents.
func makePayloadSet(corpus: String = "events", split: String = "events=10", count: Int = 4, size: Int = 1_000)
  -> PayloadSet
{
  let payloads = (0..<count).map { index in (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ index) } }
  return PayloadSet(corpus: corpus, kind: "binary", split: split, payloads: payloads, sha256: "test-\(corpus)-\(split)")
}

/// The plan of one cell: `makePayloadSet()` through one fake backend at level 1.
func makeSingleCellPlan(settings: RunSettings, clock: FakeClock) throws -> MeasurementPlan {
  try MeasurementPlan.make(
    payloadSets: [makePayloadSet()],
    backends: [CopyBackend(name: "copy", clock: clock, levels: [1], defaultLevel: 1)],
    levels: .all, settings: settings)
}

/// Settings small enough that a fake-clock run takes milliseconds of real time.
func fakeSettings(repetitions: Int = 3, threads: [Int] = [1], seed: UInt64 = 7, shard: Shard? = nil) -> RunSettings {
  RunSettings(
    container: .gzip, threads: threads, seed: seed, minTimeSeconds: 0.000_05, repetitions: repetitions,
    warmupPasses: 1, shard: shard)
}

/// Runs a plan with the fake clock and the reference decoder as verifier; returns the outcome and
/// every event.
func runFake(
  _ plan: MeasurementPlan, settings: RunSettings, clock: FakeClock, cancellation: CancellationFlag = CancellationFlag(),
  uploadStep: (any CellUploadStep)? = nil, onEvent: @escaping (RunEvent) -> Void = { _ in }
) -> RunOutcome {
  let reference = CopyBackend(name: "reference", clock: clock)
  let runner = BenchmarkRunner(
    plan: plan, settings: settings, clock: clock, cancellation: cancellation,
    resolveVerifier: { $0.verifierName == "reference" ? reference : nil }, uploadStep: uploadStep, onEvent: onEvent)
  return runner.run()
}
