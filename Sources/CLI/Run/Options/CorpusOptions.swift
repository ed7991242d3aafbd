import DeflateBenchCodecs
import DeflateBenchCorpora

/// `run`'s corpus options: what is measured (`--config`, or `--corpus`, which replaces it) and
/// the `--dictionary` files every payload set is also measured with.
struct CorpusOptions {
  var configPath: String?
  var specs: [String]
  var dictionaryPaths: [String]
  /// The `--dictionary` files, read when the options are parsed, so a bad one fails first.
  var dictionaries: [CompressionDictionary]

  static let all: [OptionSpec] = [
    .value(
      "config", "file",
      help:
        "The corpus configuration to measure, relative to the current folder. Default: \(CorpusConfiguration.defaultPath)."
    ),
    .repeatable(
      "corpus", "spec",
      help:
        "A corpus to measure instead of the configuration's corpora: a file, a folder (one written by serve --record included), a HAR export (.har), a glob such as 'logs/*.json', or a generator such as json-events:mixpanel:events=50 or binary:random:bytes=65536. Repeat it for several corpora."
    ),
    .repeatable(
      "dictionary", "file",
      help:
        "Also measure every payload set with this dictionary (from dict train, or raw bytes); repeat it for several. Each dictionary cell stands beside the same backend and level without one: zstd writes dcz, the DEFLATE backends the zlib container with a preset dictionary (raw with --container raw). Backends with a dictionary API: \(RegistryText.list(RegistryText.withDictionaries, "and")); \(RegistryText.list(RegistryText.withoutDictionaries, "and")) have none, so their cells are reported as n/a. Never measure a dictionary on the payloads it was trained on."
    ),
  ]

  init(_ arguments: ParsedArguments) throws(CLIError) {
    configPath = arguments.string("config")
    specs = arguments.strings("corpus")
    dictionaryPaths = arguments.strings("dictionary")
    dictionaries = try CLIError.corpora { [dictionaryPaths] () throws(CorpusError) in
      try DictionaryFiles.loadAll(dictionaryPaths)
    }
  }

  /// The run's payload sets, resolved and prepared by Corpora (`PreparedCorpora.prepare`).
  func prepare(seedOverride: UInt64?, shuffleSeed: UInt64) throws(CLIError) -> PreparedCorpora {
    try CLIError.corpora { () throws(CorpusError) in
      try PreparedCorpora.prepare(
        configPath: configPath, specs: specs, seedOverride: seedOverride, shuffleSeed: shuffleSeed,
        extraDictionaries: dictionaries)
    }
  }
}
