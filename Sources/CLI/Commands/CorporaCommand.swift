import DeflateBenchCorpora
import Foundation

/// `deflate-bench corpora`: what a configuration produces, before anything is measured.
enum CorporaCommand: Command {
  static let spec = CommandSpec(
    name: "corpora",
    abstract: "Lists the corpora of a configuration with their sizes, payload counts and SHA-256 sums.",
    discussion: """
      Each row is one payload set: a corpus cut by one split (whole, bytes=N, events=N, lines=N). \
      The SHA-256 covers every payload byte in order; the same configuration and seed give the same \
      sums on every run and platform. Corpora/README.md documents the configuration format.
      """,
    options: [
      .value(
        "config", "file",
        help:
          "The corpus configuration to read, relative to the current folder. Default: \(CorpusConfiguration.defaultPath)."
      ),
      .repeatable(
        "corpus", "spec",
        help:
          "A corpus to list instead of the configuration's: a file, a folder, a HAR export (.har), a glob such as 'logs/*.json', or a generator such as json-events:mixpanel:events=50 or binary:random:bytes=65536."
      ),
      .value("seed", "n", help: "Generate every generated corpus with this seed instead of its configured one."),
      .flag(
        "json",
        help: "Print a JSON list of objects with name, kind, split, bytes, payloads, min/max payload bytes and sha256."),
      .value(
        "write", "dir",
        help:
          "Also write every payload as a file under this folder (<corpus>/<split>/000001.json ...) to inspect them or feed them to other tools."
      ),
    ],
    exitCodes: ExitCode.table([.success, .usage, .dataError, .missingInput, .cannotCreate]))

  static func run(_ arguments: ParsedArguments, console: Console) throws(CLIError) -> ExitCode {
    let seed = try arguments.int("seed")
    if let seed, seed < 0 { throw .usage("--seed must be zero or positive, got \(seed)") }
    let sets = try CLIError.corpora { () throws(CorpusError) in
      try CorpusConfiguration.resolve(configPath: arguments.string("config"), specs: arguments.strings("corpus"))
        .makePayloadSets(seedOverride: seed.map(UInt64.init))
    }
    let summaries = sets.map(PayloadSetSummary.init)
    console.out(arguments.flag("json") ? CorpusListing.json(summaries) : CorpusListing.table(summaries))
    if let folder = arguments.string("write") {
      do throws(CorpusError) {
        let count = try PayloadWriter.write(sets, to: URL(fileURLWithPath: folder))
        console.error("wrote \(count) payload files under \(folder)\n")
      } catch {
        throw CLIError(error)
      }
    }
    return .success
  }
}
