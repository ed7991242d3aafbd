import DeflateBenchCodecs
import DeflateBenchSupport
import Dispatch

/// Wall and CPU nanoseconds one batch took.
struct BatchTiming: Sendable, Equatable {
  var wallNanoseconds: UInt64
  /// CPU time of the thread(s) that did the work, summed over workers.
  var cpuNanoseconds: UInt64
}

/// The work of one pass over a payload set: `count` calls of `perform`. Generic rather than a
/// closure so the timing loop is specialized per kind of work and the only dynamic call left
/// per payload is the codec's own protocol method.
protocol PassWork: SendableMetatype {
  var count: Int { get }
  func perform(_ index: Int) throws(CodecError)
}

/// The timing loop: every sample, calibration step and warm-up of the harness runs through
/// `measure`, and `calibrate` grows its batch.
enum TimingLoop {
  /// Runs `passes` passes of `work` on the calling thread and returns how long they took.
  ///
  /// Everything the loop needs (contexts, inputs, output slots) was made and touched by the
  /// caller, so what is timed is the library calls and nothing else.
  @inline(never)
  static func measure<Work: PassWork>(
    _ work: Work, passes: Int, clock: any MeasurementClock
  ) throws(CodecError) -> BatchTiming {
    // Read once: `count` on a generic could otherwise be re-read through the witness per pass.
    let count = work.count
    // CPU clock first and wall clock second at the start, the reverse at the end: the wall
    // interval, the headline, is the innermost one and includes no clock call of its own.
    let cpuStart = clock.threadCPUNanoseconds()
    let wallStart = clock.wallNanoseconds()
    // A batch of whole passes: one sample spans enough calls that the two clock reads above
    // (tens of nanoseconds) are far below the resolution anyone reads the result at.
    var pass = 0
    while pass < passes {
      var index = 0
      while index < count {
        // The one dynamic call per payload: the codec's compress or decompress. Its result is
        // stored by the work into memory the optimizer cannot see through, so it is never elided.
        try work.perform(index)
        index &+= 1
      }
      pass &+= 1
    }
    let wallEnd = clock.wallNanoseconds()
    let cpuEnd = clock.threadCPUNanoseconds()
    return BatchTiming(
      wallNanoseconds: wallEnd &- wallStart, cpuNanoseconds: cpuEnd &- cpuStart)
  }

  /// Runs `passes` passes of every worker's work at once, one worker per Dispatch thread, and
  /// returns the wall time of the whole batch and the CPU time summed over workers.
  ///
  /// One worker runs on the calling thread without Dispatch, so a one-thread cell pays nothing
  /// for the multi-thread path.
  static func measureConcurrently<Work: PassWork>(
    _ workers: [Work], passes: Int, clock: any MeasurementClock
  ) throws(CodecError) -> BatchTiming {
    if workers.count == 1 { return try measure(workers[0], passes: passes, clock: clock) }
    var results = [Result<BatchTiming, CodecError>](
      repeating: .success(BatchTiming(wallNanoseconds: 0, cpuNanoseconds: 0)), count: workers.count)
    let wallStart = clock.wallNanoseconds()
    workers.withUnsafeBufferPointer { workerBuffer in
      results.withUnsafeMutableBufferPointer { resultBuffer in
        // Each iteration uses only its own worker (its own contexts and output slots) and writes
        // only its own result slot: the threads share nothing but the read-only inputs, which is
        // what makes handing these buffers to Dispatch sound.
        let shared = PerWorkerAccess(workers: workerBuffer, results: resultBuffer)
        DispatchQueue.concurrentPerform(iterations: shared.workers.count) { worker in
          do throws(CodecError) {
            shared.results[worker] = .success(try measure(shared.workers[worker], passes: passes, clock: clock))
          } catch {
            shared.results[worker] = .failure(error)
          }
        }
      }
    }
    let wallEnd = clock.wallNanoseconds()
    var cpu: UInt64 = 0
    for result in results {
      switch result {
      case .success(let timing): cpu &+= timing.cpuNanoseconds
      case .failure(let error): throw error
      }
    }
    return BatchTiming(wallNanoseconds: wallEnd &- wallStart, cpuNanoseconds: cpu)
  }

  /// Finds the number of passes that makes one batch last at least `minNanoseconds`: starting
  /// from one pass, each next batch is the one the last timing predicts to last 10 % above
  /// min-time (`nextBatch`), until a batch is long enough. Returns that batch size.
  ///
  /// Aiming just above min-time matters because every later sample of the cell repeats this
  /// batch: growing by whole factors of at least 2 (the rule before issue #26) left batches 1 to
  /// 2 times min-time, about 1.5 times on average, and that surplus was pure run time.
  ///
  /// - Parameters:
  ///   - firstPass: the wall time of one pass the caller already made, which saves making it again
  ///     (for a slow cell, one pass is the whole calibration); nil to time it here.
  ///   - time: runs a batch of the given number of passes and returns its wall time.
  static func calibrate(
    minNanoseconds: UInt64, maxPasses: Int, firstPass: UInt64? = nil, time: (Int) throws(CodecError) -> UInt64
  ) throws(CodecError) -> Int {
    var passes = 1
    var elapsed: UInt64
    if let firstPass { elapsed = firstPass } else { elapsed = try time(1) }
    while elapsed < minNanoseconds && passes < maxPasses {
      passes = min(maxPasses, nextBatch(passes: passes, elapsed: elapsed, target: minNanoseconds))
      elapsed = try time(passes)
    }
    return passes
  }

  /// The batch after one of `passes` that lasted `elapsed`: the estimate for `target` plus 10 %
  /// (so a batch that speeds up less than expected is rarely just short and timed a third time),
  /// at least one pass more, so a noisy long timing cannot stall the search, and at most 10 times
  /// as many, so a noisy short one (or a clock that did not advance) cannot overshoot it.
  static func nextBatch(passes: Int, elapsed: UInt64, target: UInt64) -> Int {
    let most = passes.multipliedReportingOverflow(by: 10)
    let cap = most.overflow ? Int.max : most.partialValue
    guard elapsed > 0 else { return cap }
    // 11 / 10 rather than * 1.1, whose rounding makes an exact 55 come out as 55.000000000000007.
    let estimate = (Double(passes) * Double(target) * 11 / (Double(elapsed) * 10)).rounded(.up)
    // Compared as a Double first: Int(Double(Int.max)) would trap.
    if estimate >= Double(cap) { return cap }
    return max(Int(estimate), passes + 1)
  }
}

/// Per-worker slots handed to Dispatch threads. Unchecked because the compiler cannot see the
/// discipline that makes it safe: iteration i touches index i of each buffer and nothing else.
private struct PerWorkerAccess<Work>: @unchecked Sendable {
  let workers: UnsafeBufferPointer<Work>
  let results: UnsafeMutableBufferPointer<Result<BatchTiming, CodecError>>
}

// MARK: - The kinds of work

/// One library call that writes an output slot and returns the bytes written: a compression or a
/// decompression. A protocol rather than a closure, so `SlotPass` is specialized per kind and the
/// only dynamic call left per payload is the codec's own method.
protocol SlotCall: SendableMetatype {
  func callAsFunction(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer)
    throws(CodecError) -> Int
}

struct Compression: SlotCall {
  let compressor: any Compressor

  @inline(__always)
  func callAsFunction(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer)
    throws(CodecError) -> Int
  { try compressor.compress(input, into: output) }
}

struct Decompression: SlotCall {
  let decompressor: any Decompressor

  @inline(__always)
  func callAsFunction(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer)
    throws(CodecError) -> Int
  { try decompressor.decompress(input, into: output) }
}

/// Runs the call on every payload into its output slot.
struct SlotPass<Call: SlotCall>: PassWork {
  let call: Call
  let inputs: UnsafeMutableBufferPointer<UnsafeRawBufferPointer>
  let outputs: OutputArena
  // The arena's buffers, copied out so the loop reads them from this struct rather than through
  // a class reference on every payload.
  private let slots: UnsafeMutableBufferPointer<UnsafeMutableRawBufferPointer>
  private let lengths: UnsafeMutableBufferPointer<Int>

  init(_ call: Call, inputs: UnsafeMutableBufferPointer<UnsafeRawBufferPointer>, outputs: OutputArena) {
    self.call = call
    self.inputs = inputs
    self.outputs = outputs
    slots = outputs.slots
    lengths = outputs.lengths
  }

  var count: Int { inputs.count }

  @inline(__always)
  func perform(_ index: Int) throws(CodecError) {
    lengths[index] = try call(inputs[index], into: slots[index])
  }
}

/// Compresses every payload into its output slot.
typealias CompressPass = SlotPass<Compression>

/// Decompresses every compressed payload back into a slot of its original size.
typealias DecompressPass = SlotPass<Decompression>

extension SlotPass where Call == Compression {
  init(compressor: any Compressor, inputs: UnsafeMutableBufferPointer<UnsafeRawBufferPointer>, outputs: OutputArena) {
    self.init(Compression(compressor: compressor), inputs: inputs, outputs: outputs)
  }
}

extension SlotPass where Call == Decompression {
  init(
    decompressor: any Decompressor, inputs: UnsafeMutableBufferPointer<UnsafeRawBufferPointer>, outputs: OutputArena
  ) {
    self.init(Decompression(decompressor: decompressor), inputs: inputs, outputs: outputs)
  }
}

/// The cost an upload of a small batch pays when nothing is reused: create a context, compress
/// one payload, free the context (when the compressor goes out of scope). The caller evicts the
/// caches before each timed call (`CacheEvictor`: payload and output flushed, library swept), so
/// the payload and tables come from memory.
struct ColdCallPass: PassWork {
  let backend: any CompressionBackend
  let level: Int
  let container: Container
  let input: UnsafeRawBufferPointer
  let output: UnsafeMutableRawBufferPointer

  var count: Int { 1 }

  @inline(__always)
  func perform(_ index: Int) throws(CodecError) {
    let compressor = try backend.makeCompressor(level: level, container: container)
    _ = try compressor.compress(input, into: output)
  }
}

/// The warm twin of a cold call: a context kept across calls compressing the same payload again,
/// with context and payload in cache: what a client that reuses its context pays per body.
struct WarmCallPass: PassWork {
  let compressor: any Compressor
  let input: UnsafeRawBufferPointer
  let output: UnsafeMutableRawBufferPointer
  /// Where the bytes of the last call's output are counted: the part of `output` the cold call's
  /// flush covers (the rest of the bound was never touched).
  let written: UnsafeMutablePointer<Int>

  var count: Int { 1 }

  @inline(__always)
  func perform(_ index: Int) throws(CodecError) {
    written.pointee = try compressor.compress(input, into: output)
  }
}
