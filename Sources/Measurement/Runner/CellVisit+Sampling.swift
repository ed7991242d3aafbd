import DeflateBenchCodecs

/// How a visit takes its compression and decompression samples: a calibrated batch of passes,
/// timed a few times back to back, the fastest kept (docs/methodology.md, "The headline speed").
extension CellVisit {
  /// The batch size for `work` and one sample of it: on the first visit one warm-up pass, then a
  /// calibration that starts from its timing and whose last batch is the sample's first batch;
  /// later, the known batch after the usual warm-up. Either way the sample is `fastestBatch`'s.
  func sample<Work: PassWork>(_ work: [Work], knownPasses: Int?) throws(VisitFailure) -> (Int, Timing) {
    if let knownPasses {
      try warmUp(work, batch: knownPasses)
      return (knownPasses, try fastestBatch(work, passes: knownPasses))
    }
    let calibrated = try calibrate(work, first: try timed(work, passes: 1))
    return (calibrated.passes, try fastestBatch(work, passes: calibrated.passes, first: calibrated.lastBatch))
  }

  /// One sample: up to `batchesPerSample` batches of `passes` timed back to back, the fastest
  /// kept (its CPU time with it). Noise on a shared machine only ever slows a batch (another
  /// tenant on the core, an interrupt, a preemption), and it comes in spells: of three short
  /// batches in a row one usually misses them, where one long batch averages them in. Measured on
  /// this 2-core VM at load 4, three 2 ms batches a visit cut the largest run-to-run spread of a
  /// cell's fastest sample from 40-65 % to 7-10 % against one 5 ms batch, at no more time per
  /// cell (docs/measured-figures.md, "Speeds that repeat").
  ///
  /// It stops early once the batches taken have lasted `batchesPerSample` x min-time in all, so a
  /// cell whose single pass is long (a slow level on a large body) times one or two passes a
  /// visit, not three.
  ///
  /// - Parameter first: a batch of `passes` the caller already timed (the first visit's
  ///   calibration ends with one), which counts as the first.
  func fastestBatch<Work: PassWork>(
    _ work: [Work], passes: Int, first: Timing? = nil
  ) throws(VisitFailure) -> Timing {
    var fastest: Timing
    if let first { fastest = first } else { fastest = try timed(work, passes: passes) }
    var taken = 1
    var spent = fastest.wall
    let budget = UInt64(settings.sampleSeconds * 1e9)
    while taken < settings.batchesPerSample && spent < budget {
      let next = try timed(work, passes: passes)
      if next.wall < fastest.wall { fastest = next }
      taken += 1
      spent &+= next.wall
    }
    return fastest
  }

  /// Untimed passes that bring caches, branch predictors and lazily built library tables to
  /// their steady state. Skipped when one pass alone lasts min-time: such a pass warms itself up
  /// within a negligible fraction of its length, and another pass of a slow level (zopfli, brotli
  /// 11) would cost seconds.
  func warmUp<Work: PassWork>(_ work: [Work], batch: Int) throws(VisitFailure) {
    guard sampleWarmsUp(batch: batch) else { return }
    _ = try timed(work, passes: settings.warmupPasses)
  }

  /// Whether a sample of `batch` passes is preceded by `warmUp`'s passes; nil (the first visit,
  /// which calibrates from its first pass instead) is not.
  func sampleWarmsUp(batch: Int?) -> Bool {
    guard let batch else { return false }
    return settings.warmupPasses > 0 && batch > 1
  }

  /// Calibrates the batch of `work` from the timing of its `first` pass to last `seconds`
  /// (min-time unless the caller says otherwise). Returns the batch size
  /// and the timing of the calibration's last batch, which has exactly that many passes and came
  /// after the smaller batches before it, the warm-up a later visit's sample gets: it is kept as
  /// the first of the first visit's batches instead of timing the same batch again. When the
  /// first pass alone lasted min-time, that pass is the batch (a later visit times one pass of a
  /// fresh context without warm-up, too).
  func calibrate<Work: PassWork>(
    _ work: [Work], first: Timing, seconds: Double? = nil
  ) throws(VisitFailure) -> (passes: Int, lastBatch: Timing) {
    let target = UInt64(max(seconds ?? settings.minTimeSeconds, 0) * 1e9)
    var lastBatch = first
    do throws(CodecError) {
      let passes = try TimingLoop.calibrate(
        minNanoseconds: target, maxPasses: settings.maxPassesPerSample, firstPass: first.wall
      ) { passes throws(CodecError) in
        let timing = try TimingLoop.measureConcurrently(work, passes: passes, clock: clock)
        lastBatch = (timing.wallNanoseconds, timing.cpuNanoseconds)
        return timing.wallNanoseconds
      }
      return (passes, lastBatch)
    } catch {
      throw VisitFailure(error.description)
    }
  }
}
