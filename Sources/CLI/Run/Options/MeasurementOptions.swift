import DeflateBenchCodecs
import DeflateBenchMeasurement
import DeflateBenchModel
import DeflateBenchResults

/// `run`'s measurement options: which backends and levels, how each cell is sampled (with the
/// timing group `calibrate` shares, `TimingOptions`), which part of the matrix, and what is counted.
struct MeasurementOptions {
  static let maxThreads = CellResult.maxThreads

  var backends: [any CompressionBackend]
  var levels: LevelSelection
  var settings: RunSettings
  /// Whether `--seed` was given, which also reseeds generated corpora.
  var seedGiven: Bool
  var quick: Bool
  /// `--metric`: time (the default), instructions, or both. `settings.metric` is what this
  /// process measures; with both, it times and a valgrind child counts (see InstructionRun).
  var metrics: [RunMetric]
  /// Where callgrind dumps its counters, in the valgrind child that counts instructions.
  var callgrindDumpPrefix: String?

  static let all: [OptionSpec] = [
    .value(
      "backends", "list",
      help:
        "Comma-separated backends to measure: \(RegistryText.backends().joined(separator: ", ")), or 'all'. Default: all but \(RegistryText.list(RegistryText.outsideDefaultSuite, "and")), too slow per call for a default suite (zopfli costs over 0.1 s per call and would take it from minutes to hours)."
    ),
    .value(
      "levels", "list",
      help:
        "The levels to measure: a comma-separated list with ranges (1,6,9 or 1-9), 'all' for every level of each backend, 'standard' for all but the slowest (\(RegistryText.levelsOutsideStandard)), 'default' for each backend's default, or 'quick' for the fastest, default and strongest standard level. A list is clipped per backend to the levels it has. Default: standard (quick with --quick)."
    ),
    TimingOptions.container(.run),
    .value(
      "threads", "list",
      help:
        "Comma-separated worker counts, such as 1,2,4. With N workers every worker compresses the whole payload set with its own context at the same time (N concurrent uploaders), and speeds are the aggregate. Default: \(RunSettings().threads.map(String.init).joined(separator: ","))."
    ),
    .value(
      "seed", "n",
      help:
        "Seeds the shuffled cell order, the bootstrap intervals and, when given, every generated corpus (overriding the seeds in the configuration). Default: \(RunSettings().seed)."
    ),
    TimingOptions.minTime(.run),
    .value(
      "batches", "n",
      help:
        "Batches timed back to back per sample: each visit of a cell times up to this many batches and keeps the fastest (fewer when they already lasted n x --min-time), because noise on a shared machine only slows a batch and comes in spells that a short batch can miss. Default: \(RunSettings().batchesPerSample)."
    ),
    .value(
      "repetitions", "n",
      help:
        "Samples per cell. Every repetition visits all cells in a freshly shuffled order, so drift of the machine spreads over every cell. Default: \(RunSettings().repetitions), enough for a confidence interval (\(RunSettings.quickRepetitions) with --quick, whose intervals reach the slowest sample)."
    ),
    .value(
      "warmup", "n",
      help:
        "Untimed passes over the payload set before each sample; cells whose single pass already lasts --min-time warm themselves up and skip them. Default: \(RunSettings().warmupPasses)."
    ),
    .value(
      "metric", "list",
      help:
        "What to measure: time (speeds in MB/s, the default), instructions (instructions per input byte of one compression and one decompression pass, counted by valgrind's callgrind; deterministic, for gating regressions, not for ranking backends), or time,instructions for both. Instructions need valgrind on PATH (exit status 69 without it); the whole matrix runs in one valgrind process."
    ),
    .value(
      "target-precision", "percent",
      help:
        "After --repetitions, keep sampling each cell (in further shuffled rounds) until the 95 % interval of its compression and decompression headlines (the fastest samples) is within this many percent of the headline, or --max-time runs out; cells that ran out are listed in the warnings. Example: 1 for ± 1 %."
    ),
    .value(
      "max-time", "seconds",
      help:
        "With --target-precision, the most time one cell may spend being measured, over all its samples. Default: \(NumberText.factor(PrecisionTarget.defaultMaxSecondsPerCell))."
    ),
    .flag(
      "quick",
      help:
        "A preset for CI and smoke runs: --min-time \(RunSettings.quickMinTimeSeconds), --repetitions \(RunSettings.quickRepetitions) and --levels quick unless given. Every output is still verified."
    ),
    .value(
      "shard", "k/n",
      help:
        "Measure only part K of N of the matrix, such as 2/4, so CI jobs can split a suite; 'deflate-bench merge' joins the parts. Cells are dealt out round-robin in sorted order."
    ),
    .value(
      "streaming", "chunks",
      help:
        "Also measure streaming forms: every one-thread cell of a backend with a streaming API (\(RegistryText.withStreamingCompression.joined(separator: ", ")); \(RegistryText.list(RegistryText.withoutStreamingCompression, "and")) n/a) compresses each payload in chunks of these sizes (comma-separated, such as 16KiB,256KiB,1MiB) with a flush at each chunk's end, and reports the ratio loss against whole-body compression, the speed and the working memory. With --upload, each streaming form is also sent with Transfer-Encoding: chunked while it is compressed, against the whole-body upload of the same payloads."
    ),
  ]

  init(_ arguments: ParsedArguments) throws(CLIError) {
    quick = arguments.flag("quick")
    backends = try Self.backends(arguments.string("backends"))
    levels = try Self.levels(arguments.string("levels"), quick: quick)
    var settings = RunSettings()
    let timing = try TimingOptions(
      arguments, defaultMinTime: quick ? RunSettings.quickMinTimeSeconds : settings.minTimeSeconds)
    settings.container = timing.container
    settings.minTimeSeconds = timing.minTimeSeconds
    settings.threads = try Self.threads(arguments)
    seedGiven = arguments.string("seed") != nil
    settings.seed = try Self.seed(arguments.string("seed")) ?? settings.seed
    settings.precision = try Self.precision(arguments)
    settings.batchesPerSample = try Self.count("batches", arguments, in: 1...100) ?? settings.batchesPerSample
    settings.repetitions = quick ? RunSettings.quickRepetitions : settings.repetitions
    settings.repetitions = try Self.count("repetitions", arguments, in: 1...1_000) ?? settings.repetitions
    settings.warmupPasses =
      try Self.count("warmup", arguments, in: 0...100, of: "a number of passes") ?? settings.warmupPasses
    if let text = arguments.string("shard") {
      guard let shard = Shard.parse(text) else {
        throw .usage("--shard expects K/N with 1 <= K <= N, such as 2/4; got '\(text)'")
      }
      settings.shard = shard
    }
    if arguments.string("streaming") != nil {
      settings.streamingChunks = try StreamingChunks.parse(arguments.strings("streaming", splittingCommas: true))
    }
    self.settings = settings
    metrics = try Self.metrics(arguments.string("metric"))
  }

  /// The backends of a run without `--backends`: those in the default suite (all but zopfli),
  /// see the option's help.
  static var defaultBackends: [any CompressionBackend] { BackendRegistry.all.filter(\.inDefaultSuite) }

  private static func backends(_ text: String?) throws(CLIError) -> [any CompressionBackend] {
    guard let text else { return defaultBackends }
    if text == "all" { return BackendRegistry.all }
    var chosen: [any CompressionBackend] = []
    for name in text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
      let trimmed = name.trimmingCharacters(in: .whitespaces)
      do throws(CodecError) {
        let backend = try BackendRegistry.backend(named: trimmed)
        if !chosen.contains(where: { $0.name == backend.name }) { chosen.append(backend) }
      } catch {
        throw .usage("--backends: \(error.description)")
      }
    }
    return chosen
  }

  private static func levels(_ text: String?, quick: Bool) throws(CLIError) -> LevelSelection {
    guard let text else { return quick ? .quick : .standard }
    guard let selection = LevelSelection.parse(text) else {
      let names = RegistryText.list(LevelSelection.named.map(\.name))
      throw .usage("--levels expects a list such as 1,6,9 or 1-9, or \(names); got '\(text)'")
    }
    return selection
  }

  private static func seed(_ text: String?) throws(CLIError) -> UInt64? {
    guard let text else { return nil }
    guard let seed = UInt64(text) else {
      throw .usage("--seed expects a whole number from 0 to \(UInt64.max); got '\(text)'")
    }
    return seed
  }

  /// A whole number of `option` within `range`, or nil when the option is absent.
  private static func count(
    _ option: String, _ arguments: ParsedArguments, in range: ClosedRange<Int>, of what: String = "a number"
  ) throws(CLIError) -> Int? {
    guard let count = try arguments.int(option) else { return nil }
    guard range.contains(count) else {
      throw .usage("--\(option) expects \(what) from \(range.lowerBound) to \(range.upperBound); got \(count)")
    }
    return count
  }

  private static func precision(_ arguments: ParsedArguments) throws(CLIError) -> PrecisionTarget? {
    let maxTime = try arguments.double("max-time")
    guard let percent = try arguments.double("target-precision") else {
      if maxTime != nil { throw .usage("--max-time applies to --target-precision; give both") }
      return nil
    }
    guard percent > 0, percent <= 100 else {
      throw .usage("--target-precision expects a percentage above 0 and at most 100; got '\(percent)'")
    }
    let seconds = maxTime ?? PrecisionTarget.defaultMaxSecondsPerCell
    guard seconds > 0, seconds <= 86_400 else {
      throw .usage("--max-time expects seconds above 0 and at most 86400; got '\(seconds)'")
    }
    return PrecisionTarget(halfWidth: percent / 100, maxSecondsPerCell: seconds)
  }

  private static func metrics(_ text: String?) throws(CLIError) -> [RunMetric] {
    guard let text else { return [.time] }
    var chosen: Set<RunMetric> = []
    for name in text.split(separator: ",", omittingEmptySubsequences: false) {
      guard let metric = RunMetric(rawValue: name.trimmingCharacters(in: .whitespaces)) else {
        let names = RunMetric.allCases.map(\.rawValue)
        let listed = RegistryText.list(names + [names.joined(separator: ",")])
        throw .usage("--metric expects \(listed); got '\(text)'")
      }
      chosen.insert(metric)
    }
    return RunMetric.allCases.filter(chosen.contains)
  }

  private static func threads(_ arguments: ParsedArguments) throws(CLIError) -> [Int] {
    guard arguments.string("threads") != nil else { return RunSettings().threads }
    var counts: [Int] = []
    for text in arguments.strings("threads", splittingCommas: true) {
      guard let count = Int(text.trimmingCharacters(in: .whitespaces)), (1...maxThreads).contains(count) else {
        throw .usage("--threads expects worker counts from 1 to \(maxThreads) such as 1,2,4; got '\(text)'")
      }
      if !counts.contains(count) { counts.append(count) }
    }
    return counts
  }
}
