import DeflateBenchCodecs

extension CellVisit {
  /// One cold call and its warm twin, on the same body: the payload of the set's median size.
  ///
  /// Warm: a context made for this visit and warmed on that payload compresses it again, with
  /// context and payload in cache, in a batch calibrated to min-time like every sample (on the
  /// cell's first visit, the calibration's last batch), which also brings the context to its
  /// steady state; then, for a call of 100 µs or more, once more alone, timed exactly as the cold
  /// call is, and that single call is the warm figure. Where one call alone lasts min-time, later
  /// visits time no batch (it would be that call again, unused) after the untimed call.
  /// Cold: the caches evicted (`CacheEvictor`), then a fresh context made, compressing that payload and freed,
  /// one call. Both are CPU time of the calling thread, taken back to back, so the load other
  /// processes put on the machine (which moves by tens of percent between the repetitions of a
  /// long run) weighs on both alike, and both time the same bytes: the set's warm time per body
  /// is a mean over bodies of other sizes, and a call's cost is not proportional to its size.
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
  /// A slow cell of one body on one thread (a whole file or a 2,000-event batch at a slow level:
  /// one call lasts min-time or more) skips the twin (`takesWarmCallFromSample`): its
  /// compression sample just ran this very call on the worker's context, warm-up enough, so the
  /// warm call is that context compressing the body once more into this buffer, and the cold call
  /// follows at once, before the decompression sample, so the pair is as back to back as the
  /// twin's. Each call saved there is 5-75 ms: a later visit makes three calls instead of four.
  /// Shorter calls keep the twin: measured in a quiet `--quick --repetitions 10` run, taking
  /// their warm figure from the compression sample changed it through the output buffer alone
  /// (stored level 0 of a 1.4 MB body: 40 µs a call into the twin's buffer, about 190 µs into
  /// the worker's slots), and a decompression sample between warm and cold call made 13 of 85
  /// one-body cells fewer a penalty: a pair apart is a noisier pair.
  ///
  /// Returns the pair; the caller keeps it only when the whole visit completes.
  func measureColdCall(
    _ progress: inout CellProgress, worker: CellWorker, warmOnWorker: Bool
  ) throws(VisitFailure) -> (coldMicroseconds: Double, warmMicroseconds: Double) {
    let median = Self.medianPayloadIndex(inputs.views)
    let input = inputs.views[median]
    // Its own output buffer: the workers' slots hold the outputs that are uploaded. It is not
    // prefilled: the warm twin's first call below (untimed, or timed only to calibrate) writes the
    // pages the output needs, so no timed call pays a page fault, and a large body costs the pages
    // of its compressed size rather than of compressBound (200 MB for a 200 MB body). Without a
    // twin, the sample's output is copied in, which touches the same pages.
    let output = UnsafeMutableRawBufferPointer.allocate(
      byteCount: max(worker.compressor.compressBound(input.count), 1), alignment: 64)
    let written = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    written.initialize(to: 0)
    defer {
      output.deallocate()
      written.deallocate()
    }

    let warmNanoseconds: Double
    if warmOnWorker {
      // The sample's output copied in writes the pages the call will write, outside the timing.
      let sample = worker.compressed.written[median]
      written.pointee = min(sample.count, output.count)
      if let from = sample.baseAddress, let to = output.baseAddress, written.pointee > 0 {
        to.copyMemory(from: from, byteCount: written.pointee)
      }
      let warm = [WarmCallPass(compressor: worker.compressor, input: input, output: output, written: written)]
      warmNanoseconds = Double(max(try timed(warm, passes: 1).cpu, 1))
    } else {
      warmNanoseconds = try measureWarmTwin(&progress, input: input, output: output, written: written)
    }

    let cold = [
      ColdCallPass(backend: cell.backend, level: cell.level, container: cell.container, input: input, output: output)
    ]
    // The payload and the output lines the warm call wrote, flushed; the library swept out.
    CacheEvictor.shared.evict(flushing: [
      input, UnsafeRawBufferPointer(start: output.baseAddress, count: min(written.pointee, output.count)),
    ])
    let coldTiming = try timed(cold, passes: 1)
    // CPU time of the calling thread, not wall time: one call of tens of microseconds either
    // fits a scheduler slice or loses a whole one to another process, and the cache misses and
    // page faults a cold call pays are CPU time too.
    return (Double(max(coldTiming.cpu, 1)) / 1000, warmNanoseconds / 1000)
  }

  /// Whether this cell's warm call is taken on the worker's context right after its compression
  /// sample (see `measureColdCall`): one body, one thread, and one call of at least min-time,
  /// decided on the first visit from the sample's CPU time per call, so all its samples are the
  /// same kind.
  func takesWarmCallFromSample(
    _ workers: [CellWorker], compression: Timing, passes: Int, progress: inout CellProgress
  ) -> Bool {
    if let known = progress.warmCallFromSample { return known }
    let perCall = Double(compression.cpu) / Double(max(passes, 1))
    let takes = workers.count == 1 && inputs.views.count == 1 && perCall >= settings.minTimeSeconds * 1e9
    progress.warmCallFromSample = takes
    if takes { progress.warmCallTimedSingly = true }
    return takes
  }

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
    // A batch of calls calibrated to min-time: on the first visit the calibration's last batch;
    // later, a batch timed again, except where it would be one call whose figure is not used.
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
      let calibrated = try calibrate(warm, first: try timed(warm, passes: 1))
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
