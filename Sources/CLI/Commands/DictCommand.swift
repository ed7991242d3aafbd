import DeflateBenchCodecs
import DeflateBenchCorpora
import Foundation

/// `deflate-bench dict train`: a zstd dictionary from the payloads a corpus produces, for `run`,
/// `compress`, `decompress` and `serve --dictionary`.
enum DictCommand: Command {
  static let spec = CommandSpec(
    name: "dict",
    abstract: "Trains a compression dictionary from a corpus's payloads (dict train).",
    discussion: """
      Every payload of the corpus is one training sample, so cut it into single bodies \
      (events=1, lines=1). The trainer is zstd's (ZDICT_trainFromBuffer); the file it writes is a \
      zstd dictionary that `zstd -D FILE` also reads. zlib and ISA-L use its last 32 KiB of \
      content as their DEFLATE preset: the trainer writes its most valuable segments last. \
      Train on other payloads than the ones you measure: a different seed for generated events, \
      or another part of a file. Prints the samples used, the size and the SHA-256.

      Example: deflate-bench dict train --corpus json-events:mixpanel:count=2000,events=1,seed=2 \
      --size 16K --out mixpanel-16k.dict
      """,
    options: [
      .repeatable(
        "corpus", "spec", help: "A corpus whose payloads are the samples, as for run (a path or a generator)."),
      .value("config", "file", help: "A corpus configuration whose payloads are the samples, instead of --corpus."),
      .value("size", "bytes", help: "The largest dictionary to write, such as 16K. Default: 16K."),
      .value("out", short: "o", "file", help: "Where to write the dictionary (atomically). Required."),
    ],
    arguments: [ArgumentSpec("action", help: "train: the only action.")],
    exitCodes: """
        65   too few samples (or sample bytes) for the size asked, or the trainer failed on them
        66   a corpus file is missing or unreadable
        73   the dictionary file cannot be written
      """)

  static func run(_ arguments: ParsedArguments, console: Console) throws(CLIError) -> ExitCode {
    guard arguments.positionals == ["train"] else {
      throw .usage("the action must be 'train', got '\(arguments.positionals.joined(separator: " "))'")
    }
    guard let out = arguments.string("out") else { throw .usage("--out is required") }
    let size = try arguments.byteCount("size") ?? 16 << 10
    let specs = arguments.strings("corpus")
    guard !specs.isEmpty || arguments.string("config") != nil else {
      throw .usage("give the training samples with --corpus or --config")
    }
    let configuration = try CorpusLoading.configuration(
      configPath: arguments.string("config"), specs: specs)
    let sets = try CorpusLoading.payloadSets(configuration, seedOverride: nil)
    let samples = sets.flatMap(\.payloads)
    let bytes: [UInt8]
    do throws(DictionaryTrainingError) {
      bytes = try ZstdDictionaryTrainer.train(samples: samples, size: size)
    } catch {
      throw .dataError(error.description)
    }
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
    let sampleBytes = samples.reduce(0) { $0 + $1.count }
    console.out(
      """
      samples: \(samples.count) payloads, \(sampleBytes) bytes (\(sets.map(\.label).joined(separator: ", ")))
      dictionary: \(out), \(bytes.count) bytes, sha256 \(digest.hex)
      deflate preset: the last \(preset.count) bytes of its content, Adler-32 \(String(ZlibBackend.adler32(preset), radix: 16))

      """)
    return .success
  }
}
