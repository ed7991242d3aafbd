/// Where, when and how a run was made, recorded with every result so a number is never read
/// without the conditions that produced it.
public struct RunContext: Codable, Sendable, Equatable {
  /// ISO-8601 UTC start time.
  public var date: String
  public var cpuModel: String
  public var logicalCores: Int
  public var memoryBytes: UInt64
  public var os: String
  public var kernel: String
  public var swiftVersion: String
  /// `release` or `debug`.
  public var buildConfiguration: String
  /// Backend name to runtime library version.
  public var libraryVersions: [String: String]
  /// The full command line, arguments quoted where needed.
  public var commandLine: String
  public var seed: UInt64
  /// The shortest one timed batch lasted (`--min-time`).
  public var minTimeSeconds: Double
  /// Batches timed back to back per sample, the fastest kept (`--batches`); nil in files written
  /// before issue #38, whose samples were one batch each.
  public var batchesPerSample: Int?
  public var repetitions: Int
  /// `git describe` of the project, or the package version when git is not available.
  public var projectVersion: String
  /// `K/N` when the run measured one shard of the matrix.
  public var shard: String?
  /// Load average over one minute at the start, where the OS exposes it.
  public var loadAverage: Double?
  /// The CPU frequency governor, where Linux exposes one.
  public var governor: String?
  /// The SIMD features libraries dispatch on (`sse4.2`, `avx2`, `avx512f`, ..., and `os-ymm` /
  /// `os-zmm` when the OS saves those registers), as the measuring process saw them; nil in older
  /// files. The code path of each CPU-dependent cell follows from these (`code_path`).
  public var cpuFeatures: [String]?
  /// True when the measuring process ran under valgrind, whose emulated CPU lacks AVX-512; nil
  /// in older files.
  public var underValgrind: Bool?
  /// The features the instruction run's process saw under valgrind (`--metric
  /// time,instructions`), where they differ from `cpu_features`; nil otherwise.
  public var instructionRunCPUFeatures: [String]?
  /// The test-only hooks that changed what was measured (`DEFLATEBENCH_INJECT_EXTRA_WORK=...`,
  /// `DEFLATEBENCH_INJECT_CORRUPTION=...`, separated by a space), set in every results file written
  /// while one was active, so such a run can never pass for a real one (`baseline update` refuses
  /// it); absent in every real run.
  public var testHook: String?
  /// The CPU caches the machine reported (L2 and the last level); nil in older files.
  public var caches: ReportedCaches?
  /// Wall time of the `run` process from its start to its reports (corpora, measuring, the
  /// instruction run, the verdict; not the plots drawn after), in seconds; nil in older files,
  /// in the per-repetition flushes of a run still going, and in a merge of several runs.
  public var runWallSeconds: Double?
  /// The `run` process's peak resident memory at that point (getrusage), in bytes; nil where
  /// `run_wall_seconds` is.
  public var peakResidentBytes: Int?

  public init(
    date: String, cpuModel: String, logicalCores: Int, memoryBytes: UInt64, os: String, kernel: String,
    swiftVersion: String, buildConfiguration: String, libraryVersions: [String: String],
    commandLine: String, seed: UInt64, minTimeSeconds: Double, repetitions: Int, projectVersion: String,
    shard: String? = nil, loadAverage: Double? = nil, governor: String? = nil, cpuFeatures: [String]? = nil,
    underValgrind: Bool? = nil, testHook: String? = nil, caches: ReportedCaches? = nil, batchesPerSample: Int? = nil
  ) {
    self.date = date
    self.cpuModel = cpuModel
    self.logicalCores = logicalCores
    self.memoryBytes = memoryBytes
    self.os = os
    self.kernel = kernel
    self.swiftVersion = swiftVersion
    self.buildConfiguration = buildConfiguration
    self.libraryVersions = libraryVersions
    self.commandLine = commandLine
    self.seed = seed
    self.minTimeSeconds = minTimeSeconds
    self.batchesPerSample = batchesPerSample
    self.repetitions = repetitions
    self.projectVersion = projectVersion
    self.shard = shard
    self.loadAverage = loadAverage
    self.governor = governor
    self.cpuFeatures = cpuFeatures
    self.underValgrind = underValgrind
    self.testHook = testHook
    self.caches = caches
  }

  /// The machine identity a baseline is valid for: speed comparisons across different
  /// fingerprints only make sense relative to a reference cell.
  public var machineFingerprint: String { "\(cpuModel) | \(logicalCores) cores | \(os)" }
}
