import DeflateBenchSupport

/// How a run measures, with the defaults the `run` command uses. One struct so every limit is
/// stated in one place.
public struct RunSettings: Sendable, Equatable {
  /// The container DEFLATE backends write. Reference codecs that write no DEFLATE container
  /// (zstd, brotli) always use their own: comparing against them is the point of having them.
  public var container: Container
  /// Worker counts; each cell is measured once per entry. 1 is one thread, no Dispatch involved.
  /// With N workers (`DispatchQueue.concurrentPerform`), every worker compresses the whole
  /// payload set with its own context: N concurrent uploaders. Splitting the payloads among the
  /// workers instead would leave a set with fewer payloads than workers (a single whole file)
  /// nothing to scale over, and uneven payload sizes would measure the imbalance rather than the
  /// library. Speeds are the aggregate: N x the set's bytes per wall-clock second.
  public var threads: [Int]
  /// Seeds the shuffled cell order of every repetition.
  public var seed: UInt64
  /// The shortest one timed batch may last: the batch of passes over the payload set grows until
  /// it takes at least this long, so timer resolution and call overhead vanish in the total.
  /// Default 0.002 s: over 10^4 times the 20-40 ns of the two clock reads around it (0.7 µs where
  /// the CPU clock is a system call), and short, because a short batch more often falls between
  /// the spells in which a shared host slows the core (`batchesPerSample`).
  public var minTimeSeconds: Double
  /// Batches timed back to back per sample: each visit of a cell times up to this many batches
  /// of its compression and of its decompression and keeps the fastest of each as the visit's
  /// sample, stopping early once the batches have lasted this many times min-time in all (a cell
  /// whose one pass is long times it once or twice). Default 3: measured on this project's 2-core
  /// VM against one batch of 5 ms, the fastest sample of a cell strayed between runs by 7-10 % at
  /// most instead of 40-65 %, at the same run time (docs/measured-figures.md, "Speeds that
  /// repeat").
  public var batchesPerSample: Int
  /// How long a sample's batches last in all, at least: min-time x `batchesPerSample` (6 ms by
  /// default). The warm call's warm-up and batch are sized from it (a fifth each), as they were
  /// from the one 5 ms batch a sample was before issue #38, so the cold-call figures keep the
  /// method they were measured with (docs/methodology.md, "Cold calls").
  public var sampleSeconds: Double { max(minTimeSeconds, 0) * Double(max(batchesPerSample, 1)) }
  /// Samples per cell (one per repetition of the shuffled matrix). Default 20: the headline is the
  /// fastest sample, and twice the ten samples from which the reports give an interval
  /// (`SampleSummary.minimumSamplesForInterval`) give a slow spell of the shared host twice the
  /// visits to miss. On this project's quiet 2-core VM the largest spread of four cells' headlines
  /// over three back-to-back runs stayed within 3 % in 6 of 6 sets with 20 (0.84-2.8 %, 0.53-0.58 s
  /// a cell) and in 3 of 6 with 10 (up to 39 %, 0.28-0.31 s a cell) (docs/measured-figures.md,
  /// "Speeds that repeat").
  public var repetitions: Int
  /// Untimed passes over the payload set before each sample, to warm caches, branch predictors
  /// and the library's lazily built tables. Default 1. Skipped for a cell whose single pass
  /// already lasts min-time (it warms itself up), and on a cell's first visit, where the first
  /// pass (which verification needs anyway) serves as the warm-up.
  public var warmupPasses: Int
  /// Upper bound for the calibrated batch, so a fake or broken clock that never advances cannot
  /// make calibration loop forever.
  public var maxPassesPerSample: Int
  /// Only this part of the matrix, when set.
  public var shard: Shard?
  /// Time (the default) or instructions. An instruction run counts each cell once: the count
  /// is deterministic, so `repetitions`, `minTimeSeconds` and `warmupPasses` do not apply.
  public var metric: RunMetric
  /// Sample a cell beyond `repetitions` until its intervals are this narrow, when set.
  public var precision: PrecisionTarget?
  /// `--streaming`: chunk sizes in bytes; each adds a streaming form to every one-thread cell of
  /// a backend with a streaming compress API. Empty: whole-body cells only.
  public var streamingChunks: [Int] = []

  public init(
    container: Container = .gzip, threads: [Int] = [1], seed: UInt64 = 1, minTimeSeconds: Double = 0.002,
    batchesPerSample: Int = 3, repetitions: Int = 20, warmupPasses: Int = 1, maxPassesPerSample: Int = 10_000_000,
    shard: Shard? = nil, metric: RunMetric = .time, precision: PrecisionTarget? = nil
  ) {
    self.container = container
    self.threads = threads
    self.seed = seed
    self.minTimeSeconds = minTimeSeconds
    self.batchesPerSample = batchesPerSample
    self.repetitions = repetitions
    self.warmupPasses = warmupPasses
    self.maxPassesPerSample = maxPassesPerSample
    self.shard = shard
    self.metric = metric
    self.precision = precision
  }

  /// The `--quick` preset: short samples and few of them. It changes nothing about verification.
  /// Its batches last 1 ms, three to a sample as in the full run, so a sample lasts 3 ms in all,
  /// as its one 3 ms batch did before issue #38 (which kept `run --quick` on the default corpora
  /// within 20 s on a 2-core machine, issue #26): the warm call's warm-up and batch, a fifth of
  /// that, are the same, and the run costs no more (measured side by side: 12.1 s of CPU against
  /// 12.4-13.9 s, docs/measured-figures.md, "Speeds that repeat").
  public static let quickMinTimeSeconds = 0.001
  public static let quickRepetitions = 3
}
