import DeflateBenchCodecs

extension CellVisit {
  /// One cold call and its warm counterpart, on the same body: the payload of the set's median
  /// size.
  ///
  /// Warm, for a cell on one thread (every cell of the default corpora): right after the
  /// compression sample, whose batches brought the worker's context to its steady state, that
  /// context compresses the median body into this visit's own buffer: untimed calls for a fifth
  /// of a sample's length (`RunSettings.sampleSeconds`, at least one call) bring the body and the
  /// buffer into cache, then one call alone, timed exactly as the cold call is, is the warm
  /// figure; a call under 100 µs is timed as the mean of a batch lasting a fifth of it. Where the
  /// set is one body whose call lasts min-time or more, the sample's batches were that very call:
  /// no warm-up call is made. Cells on several threads take the warm figure from a twin after the
  /// decompression sample: a context made for the visit, warmed by a batch calibrated to a
  /// sample's length.
  /// Cold: the caches evicted (`CacheEvictor`), then a fresh context made, compressing that
  /// payload and freed, one call. Both are CPU time of the calling thread, taken back to back, so
  /// the load other processes put on the machine (which moves by tens of percent between the
  /// repetitions of a long run) weighs on both alike, and both time the same bytes: the set's
  /// warm time per body is a mean over bodies of other sizes, and a call's cost is not
  /// proportional to its size.
  ///
  /// Why a single warm call where the clock allows: the cold figure is one call, and the median
  /// of single calls sits below the mean per call of a batch (calls are skewed: a few are slow).
  /// In a `run --quick --repetitions 10` of the default corpora that timed both, a single warm
  /// call read 4 % below the batch's mean per call for calls of 0.1-1 ms (the median over 49
  /// cells of each cell's median ratio), enough to hide a cold penalty of a few percent; the
  /// price is a noisier pair there (a 95 % interval of the paired median of 34 % of the warm call
  /// instead of 27 %). Below 100 µs the batch stays: one read of the thread CPU clock costs about
  /// 0.7 µs here (a system call under KVM), 13 % of a 5 µs call, and cold calls of that size
  /// cost several times the warm one anyway.
  ///
  /// Why the worker's context and not a twin: a twin needed its own batch of min-time to reach
  /// the steady state (a quarter of it left single calls of 0.1-5 ms 2-4 % slower), about a
  /// fifth of `run --quick`'s time; the worker's context is in that state already. Measured side
  /// by side in quiet `--quick --repetitions 10` runs (docs/methodology.md), the cold classes and
  /// the cold / warm ratios by call size moved less than between two runs of the twin's binary.
  /// Still kept from that history: the warm call writes into its own buffer, not the worker's
  /// output slots (stored level 0 of a 1.4 MB body: 40 µs a call into this buffer, about 190 µs
  /// into the slots), and nothing runs between the warm and the cold call (a decompression
  /// sample between them made 13 of 85 one-body cells fewer a penalty: a pair apart is a noisier
  /// pair).
  ///
  /// Returns the pair; the caller keeps it only when the whole visit completes.
  func measureColdCall(
    _ progress: inout CellProgress, worker: CellWorker, warmCall: WarmCallSource
  ) throws(VisitFailure) -> (coldMicroseconds: Double, warmMicroseconds: Double) {
    let median = Self.medianPayloadIndex(inputs.views)
    let input = inputs.views[median]
    // Its own output buffer: the workers' slots hold the outputs that are uploaded. It is not
    // prefilled: on one thread the sample's output is copied in, and a twin's first call (untimed,
    // or timed only to calibrate) writes it, so the pages the output needs are touched before any
    // timed call, and a large body costs the pages of its compressed size rather than of
    // compressBound (200 MB for a 200 MB body).
    let output = UnsafeMutableRawBufferPointer.allocate(
      byteCount: max(worker.compressor.compressBound(input.count), 1), alignment: 64)
    let written = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    written.initialize(to: 0)
    defer {
      output.deallocate()
      written.deallocate()
    }

    let warmNanoseconds: Double
    if case .worker(let sampleNanosecondsPerPass) = warmCall {
      // The sample's output copied in writes the pages the call will write, outside the timing.
      let sample = worker.compressed.written[median]
      written.pointee = min(sample.count, output.count)
      if let from = sample.baseAddress, let to = output.baseAddress, written.pointee > 0 {
        to.copyMemory(from: from, byteCount: written.pointee)
      }
      let warm = [WarmCallPass(compressor: worker.compressor, input: input, output: output, written: written)]
      warmNanoseconds = try measureWarmOnWorker(
        &progress, warm: warm, sampleNanosecondsPerPass: sampleNanosecondsPerPass)
    } else {
      warmNanoseconds = try measureWarmTwin(&progress, input: input, output: output, written: written)
    }

    let cold = [
      ColdCallPass(backend: cell.backend, level: cell.level, container: cell.container, input: input, output: output)
    ]
    // The payload, the output lines the warm call wrote and the library's code and tables
    // flushed; the heap swept out.
    CacheEvictor.shared.evict(
      flushing: [input, UnsafeRawBufferPointer(start: output.baseAddress, count: min(written.pointee, output.count))],
      librarySymbols: cell.backend.compressorLibrarySymbols)
    let coldTiming = try timed(cold, passes: 1)
    // CPU time of the calling thread, not wall time: one call of tens of microseconds either
    // fits a scheduler slice or loses a whole one to another process, and the cache misses and
    // page faults a cold call pays are CPU time too.
    return (Double(max(coldTiming.cpu, 1)) / 1000, warmNanoseconds / 1000)
  }

  /// The warm figure on the worker's context, right after its compression sample (see
  /// `measureColdCall`): the untimed calls that bring the median body and the output buffer into
  /// cache, then one call alone or, under 100 µs, a batch's mean per call. How many of each is
  /// found on the first visit and kept, so all the cell's samples are the same kind.
  private func measureWarmOnWorker(
    _ progress: inout CellProgress, warm: [WarmCallPass], sampleNanosecondsPerPass: Double
  ) throws(VisitFailure) -> Double {
    let plan: WarmCallPlan
    if let known = progress.warmCallOnWorker {
      if known.warmUpCalls > 0 { _ = try timed(warm, passes: known.warmUpCalls) }
      plan = known
    } else {
      plan = try planWarmCallOnWorker(warm, sampleNanosecondsPerPass: sampleNanosecondsPerPass)
      progress.warmCallOnWorker = plan
    }
    let timing = try timed(warm, passes: plan.passes)
    return Double(max(timing.cpu, 1)) / Double(plan.passes)
  }

  /// Where the warm call is made.
  enum WarmCallSource {
    /// The worker's context, right after its compression sample, which took this CPU time per
    /// pass over the set (one call when the set has one body).
    case worker(sampleNanosecondsPerPass: Double)
    /// A context made for the purpose after the decompression sample: cells on several threads.
    case twin
  }

  /// Untimed calls before the warm call on the worker, and the calls its figure is the mean of.
  struct WarmCallPlan {
    let warmUpCalls: Int
    let passes: Int
  }

  /// The first visit's plan, made while warming up: none where the sample's batches were this
  /// very call of min-time or more (one body); else calls of the median body until a fifth of a
  /// sample's length has passed (at least one), which also size the batch of a call under 100 µs
  /// to a fifth of it. The context is already at its steady state from the sample's batches:
  /// these calls only bring this body and this output buffer to it.
  private func planWarmCallOnWorker(
    _ warm: [WarmCallPass], sampleNanosecondsPerPass: Double
  ) throws(VisitFailure) -> WarmCallPlan {
    let target = settings.sampleSeconds * 1e9 / Self.warmUpShareOfSample
    if inputs.views.count == 1, sampleNanosecondsPerPass >= settings.minTimeSeconds * 1e9 {
      return WarmCallPlan(warmUpCalls: 0, passes: 1)
    }
    let first = Double(max(try timed(warm, passes: 1).cpu, 1))
    let more = min(max(Int((target / first).rounded(.up)) - 1, 0), settings.maxPassesPerSample)
    var perCall = first
    if more > 0 { perCall = Double(max(try timed(warm, passes: more).cpu, 1)) / Double(more) }
    let passes =
      perCall >= Self.singleWarmCallNanoseconds
      ? 1 : min(max(Int((target / perCall).rounded(.up)), 1), settings.maxPassesPerSample)
    return WarmCallPlan(warmUpCalls: 1 + more, passes: passes)
  }

  /// Warm-up and batch of a warm call on the worker each last this fraction of a sample's length.
  static let warmUpShareOfSample = 5.0

  /// The warm figure from a twin: a context made for this visit, warmed on the payload, then a
  /// batch and, where timed singly, one call alone (see `measureColdCall`).
  private func measureWarmTwin(
    _ progress: inout CellProgress, input: UnsafeRawBufferPointer, output: UnsafeMutableRawBufferPointer,
    written: UnsafeMutablePointer<Int>
  ) throws(VisitFailure) -> Double {
    let twin: any Compressor
    do throws(CodecError) {
      twin = try cell.backend.makeCompressor(level: cell.level, container: cell.container)
    } catch {
      throw VisitFailure(error.description)
    }
    let warm = [WarmCallPass(compressor: twin, input: input, output: output, written: written)]
    // A batch of calls calibrated to a sample's length: on the first visit the calibration's last
    // batch; later, a batch timed again, except where it would be one call whose figure is not used.
    let batch: (passes: Int, timing: Timing)?
    if let known = progress.warmCallPasses {
      // One untimed call brings the context's tables and the payload into cache.
      _ = try timed(warm, passes: 1)
      // A call that alone lasts min-time is timed singly, and its batch would be that one call
      // again, unused: the untimed call is warm-up enough (cold / warm over 58 such cells: 1.012
      // with the batch, 1.019 without). A shorter call keeps the whole batch as its warm-up: a
      // quarter of it left the single call of 0.1-5 ms 2-4 % slower (cold / warm 1.396 to 1.347).
      if progress.warmCallTimedSingly == true && known == 1 {
        batch = nil
      } else {
        batch = (known, try timed(warm, passes: known))
      }
    } else {
      let calibrated = try calibrate(warm, first: try timed(warm, passes: 1), seconds: settings.sampleSeconds)
      progress.warmCallPasses = calibrated.passes
      batch = (calibrated.passes, calibrated.lastBatch)
    }
    let batchPerCall = batch.map { Double(max($0.timing.cpu, 1)) / Double($0.passes) }
    // Decided once per cell, on its first visit, so all its samples are the same kind.
    let single = progress.warmCallTimedSingly ?? ((batchPerCall ?? 0) >= Self.singleWarmCallNanoseconds)
    progress.warmCallTimedSingly = single
    if !single, let batchPerCall { return batchPerCall }
    return Double(max(try timed(warm, passes: 1).cpu, 1))
  }

  /// The shortest warm call timed alone rather than as a batch's mean (see `measureColdCall`).
  static let singleWarmCallNanoseconds = 100_000.0
}
