import DeflateBenchCodecs
import DeflateBenchCorpora
import DeflateBenchMeasurement
import DeflateBenchModel
import DeflateBenchResults
import DeflateBenchSupport

/// `deflate-bench run`'s options, checked and typed, in groups as swift-argument-parser's option
/// groups are: each group declares, parses and checks its own options; the rules that join two
/// groups are checked here. Every bad value is a usage error that names its option, found before
/// any corpus is read or anything is measured.
struct RunOptions {
  var corpus: CorpusOptions
  var measurement: MeasurementOptions
  var upload: UploadOptions
  var model: ModelOptions
  var output: OutputOptions

  /// Every group's options, each declared once by its group.
  static let groups: [[OptionSpec]] = [
    CorpusOptions.all, MeasurementOptions.all, UploadOptions.all, ModelOptions.all, VerdictOptions.all,
    OutputOptions.all,
  ]

  /// The order the manual (the help screen) lists them in: what is measured, how, where it goes,
  /// the upload, the model, then the verdict's rules.
  static let manualOrder = [
    "config", "corpus", "backends", "levels", "container", "threads", "seed", "min-time", "batches", "repetitions",
    "warmup",
    "metric", "target-precision", "max-time", "quick", "out", "force", "shard", "allow-debug", "quiet", "plots",
    "upload", "upload-port", "upload-timeout", "dictionary", "link", "device", "connection", "idle-gap", "sender-cc",
    "http",
    "streaming", "compressor", "objective", "min-saving", "accept",
  ]

  /// The groups' options in the manual's order (`RunOptionGroupTests` holds that each is listed once).
  static let specs: [OptionSpec] = manualOrder.compactMap { name in
    groups.joined().first { $0.name == name }
  }

  init(_ arguments: ParsedArguments) throws(CLIError) {
    measurement = try MeasurementOptions(arguments)
    output = try OutputOptions(arguments)
    upload = try UploadOptions(arguments)
    corpus = try CorpusOptions(arguments)
    model = try ModelOptions(arguments)
    try upload.check(links: model.links)
  }

  /// The seed generated corpora are made with instead of their own: `--seed` when given.
  var seedOverride: UInt64? { measurement.seedGiven ? measurement.settings.seed : nil }
}
