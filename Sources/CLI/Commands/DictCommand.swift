import DeflateBenchCodecs
import DeflateBenchCorpora
import DeflateBenchSupport
import Foundation

/// `deflate-bench dict train`: a zstd dictionary from the payloads a corpus produces, for `run`,
/// `compress`, `decompress` and `serve --dictionary`.
enum DictCommand: Command {
  static let spec = CommandSpec(
    name: "dict",
    abstract: "Trains a compression dictionary from a corpus's payloads (dict train).",
    discussion: """
      Every payload of the corpus is one training sample, so cut it into single bodies \
      (events=1, lines=1). The trainer is zstd's; the file it writes is a zstd dictionary that \
      `zstd -D FILE` also reads. \(RegistryText.list(RegistryText.withDeflatePresets, "and")) use its last 32 KiB of content as their DEFLATE \
      preset: the trainer writes its most valuable segments last. Train on other payloads than \
      the ones you measure: a different seed for generated events, or another part of a file.

      The samples are shuffled first (seeded by --seed, so the same seed writes the same bytes), \
      as `zstd --train` does. Then, unless --fast, it compares trainers by 4-fold \
      cross-validation: zstd --train's own procedure (fastCover's search, d=8, 4 steps of k) \
      against single passes of cover and fastCover with d 6/8 and k 256-2048 in steps of 256. \
      Each is trained on three quarters of the samples and scored on the held-out quarter, four \
      times over, by the bytes of zstd 3 with the dictionary plus zlib 6 with its DEFLATE \
      preset. Another trainer is chosen only if it beats zstd's procedure in both uses (the \
      largest smaller gain wins), then trained on every sample in 8 orders: the shuffled one and \
      7 more drawn from --seed. The dictionary with the fewest zstd 3 + zlib 6 bytes over the \
      samples is written (the shuffled order's unless another is smaller). Trainers are scored \
      in that order until --budget is spent, and the 8 orders count against it too; a training \
      that has started runs to its end, and the shuffled order is always trained. The same seed \
      writes the same bytes when the same trainers and orders were tried (it prints how many): \
      give a budget with room to spare for that. --fast is a single ZDICT_trainFromBuffer pass. \
      Prints the samples used, what the best trainers scored, the order kept, the time taken \
      against the budget, the size and the SHA-256 (docs/dictionary-training.md).

      Example: deflate-bench dict train --corpus json-events:mixpanel:count=2000,events=1,seed=2 \
      --size 16K --out mixpanel-16k.dict
      """,
    options: [
      .repeatable(
        "corpus", "spec", help: "A corpus whose payloads are the samples, as for run (a path or a generator)."),
      .value("config", "file", help: "A corpus configuration whose payloads are the samples, instead of --corpus."),
      .value("size", "bytes", help: "The largest dictionary to write, such as 16K. Default: 16K."),
      .value(
        "out", short: "o", "file",
        help:
          "Where to write the dictionary (atomically). Required. - writes it to standard output, and the summary to standard error."
      ),
      .value(
        "seed", "n",
        help:
          "Seeds the shuffle of the samples and the 7 other orders tried; generated corpora keep their own seeds. Default: 1."
      ),
      .value(
        "budget", "seconds",
        help:
          "How long the cross-validation and the 8 sample orders may take; no training starts after it is spent. Default: 60."
      ),
      .flag(
        "fast",
        help: "One ZDICT_trainFromBuffer pass over the shuffled samples instead of the comparison and the 8 orders."),
    ],
    arguments: [ArgumentSpec("action", help: "train: the only action.")],
    exitCodes: """
        0    the dictionary was written
        64   usage error: an action other than train, no --out, no --corpus or --config, a bad --size
        65   too few samples (or sample bytes) for the size asked, or the trainer failed on them
        66   a corpus file is missing or unreadable
        73   the dictionary file cannot be written (checked before training), standard output included, or it
             is, or lies inside, a corpus file or folder it trains on
        130  interrupted by SIGINT, SIGTERM or SIGHUP; the dictionary file is left as it was
      """)

  static func run(_ arguments: ParsedArguments, console: Console) throws(CLIError) -> ExitCode {
    guard arguments.positionals == ["train"] else {
      throw .usage("the action must be 'train', got '\(arguments.positionals.joined(separator: " "))'")
    }
    guard let out = arguments.string("out") else { throw .usage("--out is required") }
    // Found before minutes of training, not after.
    if out != "-" { try checkWritable(out) }
    let size = try arguments.byteCount("size") ?? 16 << 10
    let specs = arguments.strings("corpus")
    guard !specs.isEmpty || arguments.string("config") != nil else {
      throw .usage("give the training samples with --corpus or --config")
    }
    // Training takes up to --budget seconds, mostly inside the library: SIGINT, SIGTERM and
    // SIGHUP end it with 130 and one line, the dictionary file left as it was (issue #39, N9).
    let signals = OutputSignalGuard(path: out, command: "dict", console: console)
    defer { signals.stop() }
    let configuration = try CLIError.corpora { () throws(CorpusError) in
      try CorpusConfiguration.resolve(configPath: arguments.string("config"), specs: specs)
    }
    if out != "-" {
      // The rule run, merge and baseline update follow: never write over what is read.
      let inputs = configuration.corpora.flatMap(\.source.inputPaths) + [arguments.string("config")].compactMap { $0 }
      try InputOverlap.check(out, inputs: inputs, writing: "the dictionary")
    }
    let sets = try CLIError.corpora { () throws(CorpusError) in try configuration.makePayloadSets() }
    let samples = sets.flatMap { $0.payloads.map { Array($0) } }
    let seed = try seed(arguments)
    let budget = try arguments.double("budget") ?? defaultBudgetSeconds
    guard budget > 0, budget.isFinite else { throw .usage("--budget expects a number of seconds above 0") }
    let method: ZstdDictionaryTrainer.Method = arguments.flag("fast") ? .fast : .optimized(budgetSeconds: budget)
    let trained: ZstdDictionaryTrainer.Result
    do throws(DictionaryTrainingError) {
      trained = try ZstdDictionaryTrainer.train(samples: samples, size: size, seed: seed, method: method)
    } catch {
      throw .dataError(error.description)
    }
    let bytes = trained.dictionary
    let digest = SHA256.hash(bytes)
    let dictionary: CompressionDictionary
    let preset: [UInt8]
    do throws(CodecError) {
      dictionary = try CompressionDictionary(
        name: URL(fileURLWithPath: out).lastPathComponent, bytes: bytes, sha256: digest.bytes)
      preset = try dictionary.deflatePreset()
    } catch {
      throw .failure("the trainer wrote an unusable dictionary: \(error.description)")
    }
    try CommandOutput.write(bytes, to: out)
    signals.placed()
    let sampleBytes = samples.reduce(0) { $0 + $1.count }
    // With --out - the dictionary is standard output, alone: the summary goes to stderr, so the
    // bytes a pipe receives are the file whose SHA-256 is printed.
    let summary: (String) -> Void = out == "-" ? { console.error($0) } : { console.out($0) }
    summary(
      """
      samples: \(samples.count) payloads, \(sampleBytes) bytes (\(sets.map(\.label).joined(separator: ", "))), shuffled with seed \(seed)
      \(trained.summary.joined(separator: "\n"))
      training: \(String(format: "%.1f", trained.seconds)) s\(budgetText(method))
      dictionary: \(out), \(bytes.count) bytes, sha256 \(digest.hex)
      deflate preset: the last \(preset.count) bytes of its content, Adler-32 \(ZlibBackend.adler32Text(ZlibBackend.adler32(preset)))

      """)
    return .success
  }

  /// A folder at `out`, or a parent folder that is missing or not writable, is refused at once.
  private static func checkWritable(_ out: String) throws(CLIError) {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: out, isDirectory: &isDirectory), isDirectory.boolValue {
      throw CLIError(.cannotCreate, "cannot write the dictionary to \(out): it is a folder")
    }
    let parent = URL(fileURLWithPath: out).deletingLastPathComponent().path
    guard access(parent, W_OK | X_OK) == 0 else {
      throw CLIError(
        .cannotCreate, "cannot write the dictionary to \(out): \(parent): \(String(cString: strerror(errno)))")
    }
  }

  /// The search's default time budget, in seconds.
  static let defaultBudgetSeconds = 60.0

  private static func seed(_ arguments: ParsedArguments) throws(CLIError) -> UInt64 {
    guard let text = arguments.string("seed") else { return 1 }
    guard let seed = UInt64(text) else {
      throw .usage("--seed expects a whole number from 0 to \(UInt64.max); got '\(text)'")
    }
    return seed
  }

  private static func budgetText(_ method: ZstdDictionaryTrainer.Method) -> String {
    switch method {
    case .fast: " (--fast: one pass)"
    case .optimized(let budget): " of a \(String(format: "%.0f", budget)) s budget"
    }
  }
}
