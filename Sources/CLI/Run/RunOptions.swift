import DeflateBenchCodecs
import DeflateBenchMeasurement
import DeflateBenchModel
import DeflateBenchResults
import DeflateBenchSupport
import Foundation

/// `deflate-bench run`'s options, checked and typed. Every bad value is a usage error that
/// names its option, found before any corpus is read or anything is measured.
struct RunOptions {
  static let defaultConfig = "Corpora/default.json"
  static let maxThreads = CellResult.maxThreads

  /// `--config`, or the default; nil when `--corpus` replaces the configuration.
  var configPath: String?
  var corpusSpecs: [String]
  var backends: [any CompressionBackend]
  var levels: LevelSelection
  var settings: RunSettings
  /// Whether `--seed` was given, which also reseeds generated corpora.
  var seedGiven: Bool
  var quick: Bool
  /// `--out`; nil means `Results/<UTC timestamp>/` with `Results/latest` pointing at it.
  var outPath: String?
  /// `--force`: replace results already in `--out`.
  var force = false
  var allowDebug: Bool
  var quiet: Bool
  var plots: Bool
  /// `--upload local|URL`, and the `--link` presets to emulate.
  var uploadTarget: String?
  /// `--upload-timeout`: how long one upload may take before it fails its cell.
  var uploadTimeoutSeconds: Double = 600
  /// `--upload-port`: the local server's port; nil lets the system pick a free one.
  var uploadPort: Int?
  /// `--link` as typed, for the upload hook, and parsed, for the verdict (default: 3g, lte,
  /// wifi, fiber).
  var links: [String]
  var modelLinks: [LinkPreset]
  /// `--device`: the clients the verdict models (default: this, phone-high and phone-low).
  var devices: [DeviceClass]
  /// `--connection warm|cold`.
  var connection: String
  /// `--sender-cc cubic|bbr`: the phone's congestion control in the model.
  var senderCongestionControl: String
  /// `--idle-gap SECONDS`: a kept-alive connection's gap between requests; nil: a whole restart.
  var idleGapSeconds: Double?
  /// `--http 1.1|2|3`: the HTTP version the verdict models.
  var http: String
  /// `--compressor`, `--objective`, `--min-saving`, `--accept`: the verdict's rules.
  var verdict = VerdictOptions()
  /// `--dictionary` files: every payload set is also measured with each, by every backend that
  /// takes a dictionary.
  var dictionaries: [CompressionDictionary]
  var dictionaryPaths: [String]
  /// `--metric`: time (the default), instructions, or both. `settings.metric` is what this
  /// process measures; with both, it times and a valgrind child counts (see InstructionRun).
  var metrics: [RunMetric]
  /// Where callgrind dumps its counters, in the valgrind child that counts instructions.
  var callgrindDumpPrefix: String?

  /// The option declarations, in help order. Each help text is the manual for that option.
  static let specs: [OptionSpec] = [
    .value(
      "config", "file",
      help:
        "The corpus configuration to measure, relative to the current folder. Default: Corpora/default.json."
    ),
    .repeatable(
      "corpus", "spec",
      help:
        "A corpus to measure instead of the configuration's corpora: a file, a folder (one written by serve --record included), a HAR export (.har), a glob such as 'logs/*.json', or a generator such as json-events:mixpanel:events=50 or binary:random:bytes=65536. Repeat it for several corpora."
    ),
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
    .value(
      "container", "container",
      help:
        "The framing the DEFLATE backends write: gzip (an HTTP gzip body), zlib (HTTP deflate) or raw. \(RegistryText.list(RegistryText.ownContainerOnly, "and")) always write their own container, as the alternatives being compared. Default: gzip."
    ),
    .value(
      "threads", "list",
      help:
        "Comma-separated worker counts, such as 1,2,4. With N workers every worker compresses the whole payload set with its own context at the same time (N concurrent uploaders), and speeds are the aggregate. Default: 1."
    ),
    .value(
      "seed", "n",
      help:
        "Seeds the shuffled cell order, the bootstrap intervals and, when given, every generated corpus (overriding the seeds in the configuration). Default: 1."
    ),
    .value(
      "min-time", "seconds",
      help:
        "The shortest one timed batch may last; the batch of passes over a payload set grows until it takes this long. Default: \(RunSettings().minTimeSeconds) (\(RunSettings.quickMinTimeSeconds) with --quick)."
    ),
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
        "Untimed passes over the payload set before each sample; cells whose single pass already lasts --min-time warm themselves up and skip them. Default: 1."
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
        "With --target-precision, the most time one cell may spend being measured, over all its samples. Default: 10."
    ),
    .flag(
      "quick",
      help:
        "A preset for CI and smoke runs: --min-time \(RunSettings.quickMinTimeSeconds), --repetitions \(RunSettings.quickRepetitions) and --levels quick unless given. Every output is still verified."
    ),
    .value(
      "out", "dir",
      help:
        "The folder to write results.json, results.csv, report.md and report.html into (and plots/ with --plots). Default: Results/<UTC timestamp>, with the symbolic link Results/latest pointing to it."
    ),
    .flag(
      "force",
      help:
        "Replace the results in an --out folder that already holds some. Without it such a folder is refused before anything is measured."
    ),
    .value(
      "shard", "k/n",
      help:
        "Measure only part K of N of the matrix, such as 2/4, so CI jobs can split a suite; 'deflate-bench merge' joins the parts. Cells are dealt out round-robin in sorted order."
    ),
    .flag(
      "allow-debug",
      help:
        "Run even though this is a debug build. Debug speeds are far below release speeds; use it only to test the tool itself."
    ),
    .flag("quiet", short: "q", help: "Print no progress. Warnings, errors and the final summary still appear."),
    .flag(
      "plots",
      help:
        "Also draw the charts into plots/ in the results folder, each as PNG and SVG, with scripts/plot.py (needs Python with matplotlib)."
    ),
    .value(
      "upload", "target",
      help:
        "Also upload every cell's compressed payloads: 'local' starts 'deflate-bench serve' on a free loopback port for the run (or --upload-port), a URL (http://HOST:PORT/PATH) sends them to that server, which must answer as deflate-bench serve does. Adds upload times to the results. Dictionary cells in the raw container are measured but not uploaded: a raw body names no dictionary."
    ),
    .value(
      "upload-port", "port",
      help:
        "With --upload local: the loopback port the server listens on, 1-65535, instead of a free one the system picks (for a firewall rule or a harness that watches the port). With several --link values the n-th link's server listens on PORT + n - 1. A port in use fails the run before measuring, exit 1."
    ),
    .value(
      "upload-timeout", "seconds",
      help:
        "How long one upload may take before it fails its cell with a timeout (a stalled link or server); the run goes on with the other cells and exits 1. Default: 600."
    ),
    .repeatable(
      "dictionary", "file",
      help:
        "Also measure every payload set with this dictionary (from dict train, or raw bytes); repeat it for several. Each dictionary cell stands beside the same backend and level without one: zstd writes dcz, the DEFLATE backends the zlib container with a preset dictionary (raw with --container raw). Backends with a dictionary API: \(RegistryText.list(RegistryText.withDictionaries, "and")); \(RegistryText.list(RegistryText.withoutDictionaries, "and")) have none, so their cells are reported as n/a. Never measure a dictionary on the payloads it was trained on."
    ),
    .repeatable(
      "link", "name",
      help:
        "A link the verdict models: a preset (\(RegistryText.linkPresets.joined(separator: ", "))) or NAME=RATE@RTT such as slow=1Mbit@300ms. Repeat it for several links. With --upload local the server also emulates each one and the measured times stand beside the modelled ones; with --upload URL it is refused (64), since only the local server can emulate a link. Default: \(RegistryText.list(LinkPreset.verdictDefault.map(\.name), "and")), modelled only."
    ),
    .repeatable(
      "device", "name",
      help:
        "A client class the verdict models: \(RegistryText.devices.joined(separator: ", ")) ('this' is the measuring machine), or NAME=FACTOR where FACTOR multiplies this machine's compress time. Phone factors are modelled from published single-core scores (docs/verdict-and-model.md). Repeat it for several. Default: \(RegistryText.list(DeviceClass.verdictDefault.map(\.name), "and"))."
    ),
    .value(
      "connection", "kind",
      help:
        "warm: each request reuses a kept-alive connection whose congestion window restarted after idle (events sent seconds apart; --idle-gap says how far apart); cold: each request opens a new connection and pays the TCP and TLS 1.3 handshakes, two more round trips. Default: warm."
    ),
    .value(
      "idle-gap", "seconds",
      help:
        "On a warm connection, the seconds between one response and the next request (an SDK's flush interval): the cubic sender's window then starts where Linux leaves it after that gap, halved once per retransmission timeout of idle down to the initial window, so a short gap keeps part of it (docs/model.md, After an idle gap). Written into results.json's model as idle_seconds. Default: none, a gap long enough for the whole restart."
    ),
    .value(
      "sender-cc", "name",
      help:
        "The sending phone's TCP congestion control in the model: cubic (the default of Android, iOS and Linux) or bbr. On a kept-alive connection Linux restarts cubic's window after idle but keeps BBR's, so bbr sends the whole request at the link's rate. Checked against the kernel by deflate-bench linkcheck (docs/model.md). Default: cubic."
    ),
    .value(
      "http", "version",
      help:
        "The HTTP version the verdict models: 1.1 (head and body as sent to the local echo server), 2 (HPACK head, 9-byte DATA frame headers, 22 bytes per TLS 1.3 record of up to 16 KiB) or 3 (QUIC: 1,350-byte packets, one handshake round trip). Measured uploads to the local server are HTTP/1.1 and compared with the HTTP/1.1 model. Default: 2 (what URLSession and OkHttp use where the server offers it)."
    ),
    .value(
      "streaming", "chunks",
      help:
        "Also measure streaming forms: every one-thread cell of a backend with a streaming API (\(RegistryText.withStreamingCompression.joined(separator: ", ")); \(RegistryText.list(RegistryText.withoutStreamingCompression, "and")) n/a) compresses each payload in chunks of these sizes (comma-separated, such as 16KiB,256KiB,1MiB) with a flush at each chunk's end, and reports the ratio loss against whole-body compression, the speed and the working memory. With --upload, each streaming form is also sent with Transfer-Encoding: chunked while it is compressed, against the whole-body upload of the same payloads."
    ),
  ]

  init(_ arguments: ParsedArguments) throws(CLIError) {
    quick = arguments.flag("quick")
    corpusSpecs = arguments.strings("corpus")
    configPath = arguments.string("config")
    // --corpus replaces the configuration's corpora, so the configuration is not read at all.
    if !corpusSpecs.isEmpty {
      configPath = nil
    } else if configPath == nil {
      configPath = Self.defaultConfig
    }

    backends = try Self.backends(arguments.string("backends"))
    if let text = arguments.string("levels") {
      guard let selection = LevelSelection.parse(text) else {
        throw .usage(
          "--levels expects a list such as 1,6,9 or 1-9, or all, default or quick; got '\(text)'")
      }
      levels = selection
    } else {
      levels = quick ? .quick : .standard
    }

    var settings = RunSettings()
    if let text = arguments.string("container") {
      guard let container = Container(rawValue: text), container.isDeflate else {
        throw .usage("--container expects gzip, zlib or raw; got '\(text)'")
      }
      settings.container = container
    }
    settings.threads = try Self.threads(arguments)
    if let text = arguments.string("seed") {
      guard let seed = UInt64(text) else {
        throw .usage("--seed expects a whole number from 0 to \(UInt64.max); got '\(text)'")
      }
      settings.seed = seed
      seedGiven = true
    } else {
      seedGiven = false
    }
    settings.minTimeSeconds = quick ? RunSettings.quickMinTimeSeconds : settings.minTimeSeconds
    settings.precision = try Self.precision(arguments)
    if let minTime = try arguments.double("min-time") {
      guard minTime > 0, minTime <= 60 else {
        throw .usage("--min-time expects seconds above 0 and at most 60; got '\(minTime)'")
      }
      settings.minTimeSeconds = minTime
    }
    if let batches = try arguments.int("batches") {
      guard (1...100).contains(batches) else {
        throw .usage("--batches expects a number from 1 to 100; got \(batches)")
      }
      settings.batchesPerSample = batches
    }
    settings.repetitions = quick ? RunSettings.quickRepetitions : settings.repetitions
    if let repetitions = try arguments.int("repetitions") {
      guard (1...1_000).contains(repetitions) else {
        throw .usage("--repetitions expects a number from 1 to 1000; got \(repetitions)")
      }
      settings.repetitions = repetitions
    }
    if let warmup = try arguments.int("warmup") {
      guard (0...100).contains(warmup) else {
        throw .usage("--warmup expects a number of passes from 0 to 100; got \(warmup)")
      }
      settings.warmupPasses = warmup
    }
    if let text = arguments.string("shard") {
      guard let shard = Shard.parse(text) else {
        throw .usage("--shard expects K/N with 1 <= K <= N, such as 2/4; got '\(text)'")
      }
      settings.shard = shard
    }
    if arguments.string("streaming") != nil {
      settings.streamingChunks = try StreamingChunks.parse(
        arguments.strings("streaming", splittingCommas: true))
    }
    self.settings = settings
    outPath = arguments.string("out")
    if outPath?.isEmpty == true { throw .usage("--out needs a folder name") }
    allowDebug = arguments.flag("allow-debug")
    force = arguments.flag("force")
    quiet = arguments.flag("quiet")
    plots = arguments.flag("plots")
    uploadTarget = arguments.string("upload")
    if let timeout = try arguments.double("upload-timeout") {
      guard timeout > 0, timeout <= 86_400, uploadTarget != nil else {
        throw .usage(
          "--upload-timeout expects seconds above 0 and at most 86400, with --upload; got '\(timeout)'")
      }
      uploadTimeoutSeconds = timeout
    }
    if let port = try arguments.int("upload-port") {
      guard (1...65_535).contains(port), uploadTarget == "local" else {
        throw .usage("--upload-port expects a port from 1 to 65535, with --upload local; got '\(port)'")
      }
      uploadPort = port
    }
    links = arguments.strings("link")
    dictionaryPaths = arguments.strings("dictionary")
    dictionaries = try DictionaryFiles.loadAll(dictionaryPaths)
    if !links.isEmpty, let uploadTarget, uploadTarget != "local" {
      throw .usage("--link emulates a link on the local server; with --upload it needs --upload local")
    }
    if let uploadPort, uploadPort + max(links.count, 1) - 1 > 65_535 {
      throw .usage("--upload-port \(uploadPort) leaves no port for each of the \(links.count) links")
    }
    modelLinks = try Self.modelLinks(links)
    devices = try Self.devices(arguments.strings("device"))
    connection = arguments.string("connection") ?? "warm"
    guard connection == "warm" || connection == "cold" else {
      throw .usage("--connection expects warm or cold; got '\(connection)'")
    }
    senderCongestionControl = arguments.string("sender-cc") ?? "cubic"
    guard senderCongestionControl == "cubic" || senderCongestionControl == "bbr" else {
      throw .usage("--sender-cc expects cubic or bbr; got '\(senderCongestionControl)'")
    }
    if let text = arguments.string("idle-gap") {
      guard let seconds = Double(text), seconds > 0, seconds <= 3600 else {
        throw .usage("--idle-gap expects seconds between 0 and 3600; got '\(text)'")
      }
      idleGapSeconds = seconds
    }
    http = arguments.string("http") ?? "2"
    guard HTTPFraming.versions.contains(http) else {
      throw .usage("--http expects 1.1, 2 or 3; got '\(http)'")
    }
    verdict = try VerdictOptions(arguments)
    metrics = try Self.metrics(arguments.string("metric"))
    callgrindDumpPrefix = nil
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
        throw .usage("--metric expects time, instructions or time,instructions; got '\(text)'")
      }
      chosen.insert(metric)
    }
    return RunMetric.allCases.filter(chosen.contains)
  }

  private static func modelLinks(_ texts: [String]) throws(CLIError) -> [LinkPreset] {
    guard !texts.isEmpty else { return LinkPreset.verdictDefault }
    var links: [LinkPreset] = []
    for text in texts {
      do throws(LinkRate.ParseError) {
        let link = try LinkPreset.parse(text)
        if !links.contains(where: { $0.name == link.name }) { links.append(link) }
      } catch {
        throw .usage("--link: \(error)")
      }
    }
    return links
  }

  private static func devices(_ texts: [String]) throws(CLIError) -> [DeviceClass] {
    guard !texts.isEmpty else { return DeviceClass.verdictDefault }
    var devices: [DeviceClass] = []
    for text in texts {
      guard let device = DeviceClass.parse(text) else {
        let names = DeviceClass.catalog.map(\.name).joined(separator: ", ")
        throw .usage("--device expects \(names) or NAME=FACTOR such as tablet=1.8; got '\(text)'")
      }
      guard DeviceClass.plausibleSlowdowns.contains(device.compressSlowdown) else {
        let range = DeviceClass.plausibleSlowdowns
        throw .usage(
          "--device \(text): the factor multiplies this machine's compress time and must lie between "
            + "\(range.lowerBound) (100 times faster) and \(Int(range.upperBound)) (1000 times slower)")
      }
      if !devices.contains(where: { $0.name == device.name }) { devices.append(device) }
    }
    return devices
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

  private static func threads(_ arguments: ParsedArguments) throws(CLIError) -> [Int] {
    guard arguments.string("threads") != nil else { return [1] }
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
