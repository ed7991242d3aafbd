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
  /// The shortest one sample may last: the batch of passes over the payload set grows until it
  /// takes at least this long, so timer resolution and call overhead vanish in the total.
  /// Default 0.005 s: over 10^5 times the 20-40 ns of the two clock reads around it, and short
  /// enough that the default suite's several hundred cells, each timed three ways (compression,
  /// decompression, cold call) ten times, take about as long as five samples of 0.01 s did.
  public var minTimeSeconds: Double
  /// Samples per cell (one per repetition of the shuffled matrix). Default 10: the fewest from
  /// which the reports give a confidence interval (`SampleSummary.minimumSamplesForInterval`).
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
    container: Container = .gzip, threads: [Int] = [1], seed: UInt64 = 1, minTimeSeconds: Double = 0.005,
    repetitions: Int = 10, warmupPasses: Int = 1, maxPassesPerSample: Int = 10_000_000, shard: Shard? = nil,
    metric: RunMetric = .time, precision: PrecisionTarget? = nil
  ) {
    self.container = container
    self.threads = threads
    self.seed = seed
    self.minTimeSeconds = minTimeSeconds
    self.repetitions = repetitions
    self.warmupPasses = warmupPasses
    self.maxPassesPerSample = maxPassesPerSample
    self.shard = shard
    self.metric = metric
    self.precision = precision
  }

  /// The `--quick` preset: short samples and few of them. It changes nothing about verification.
  /// Samples of 3 ms rather than the full run's 5 ms keep `run --quick` on the default corpora
  /// within 20 s on a 2-core machine (issue #26): 18.0-19.1 s against 21.0-22.6 s with 5 ms, six
  /// runs each, alternating on one quiet machine. What that cost there: nothing the runs could
  /// tell apart in the cells' spread (median CV 8.0 % against 8.1 %), in how far two runs' medians
  /// differ (13.6 % against 14.2 %, the machine's drift) or in how often the answer lines agree; the
  /// cold / warm ratio of calls under 0.1 ms read 5 % lower (their warm figure is the mean of a
  /// batch of a fifth of min-time), where their cold extra is 38-128 µs (10th to 90th percentile),
  /// a small part of any request (docs/measured-figures.md).
  public static let quickMinTimeSeconds = 0.003
  public static let quickRepetitions = 3
}
