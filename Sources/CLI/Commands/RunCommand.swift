import DeflateBenchMeasurement
import Foundation

/// `deflate-bench run`: the harness. Every corpus through every backend at every level, timed,
/// verified and written up as CSV, JSON and Markdown.
enum RunCommand: Command {
  static let spec = CommandSpec(
    name: "run",
    abstract: "Measures corpora through backends and levels and writes the reports.",
    discussion: """
      The matrix is corpus payload set x backend x level x container x threads. Each cell is \
      verified first (every output must decode back exactly with a different implementation), \
      then timed: a batch of passes over the payload set is grown until it lasts --min-time, and \
      --repetitions samples are taken, one per repetition, each the fastest of --batches batches \
      timed back to back, with the cells visited in a new shuffled order every repetition. Per \
      cell it records compression and decompression speed (MB/s of uncompressed bytes, MB = \
      10^6; the reports' figure is the fastest sample, the one that repeats from run to run, \
      beside the median), CPU speed, the cost of a cold call (a fresh \
      context compressing the median payload with the CPU caches evicted) and the library's \
      working memory.

      From the sizes and speeds it computes the verdict: per payload set, link (--link) and \
      device (--device), compress, no meaningful difference or send uncompressed, decided beyond \
      the 95 % intervals of the modelled totals (times, or the phone's energies with --objective \
      energy), and with which setting (zlib 6 unless a setting beats it, else the fewest bytes \
      among those tied), under a model that counts TCP slow start and round trips \
      (--connection warm or cold), each body at its own size, and a compressor per request \
      (--compressor). The results folder holds results.csv (one row per cell), results.json \
      (every raw sample, the run's context, the model's parameters, the verdict and one answer \
      per payload set) and report.md (the answer first, one line per payload set, then the \
      verdict, tables, Pareto frontier, warnings, and an appendix with every cell). Files are \
      replaced atomically; results.json is flushed after the first repetition, then after each \
      one that ends 2 s or more after the last flush. The run ends by printing where the report \
      is and the answer, one line per payload set (docs/verdict.md).

      Ctrl-C (or SIGTERM) stops after the current cell and writes what was measured, marked \
      incomplete, with exit status 130; a second Ctrl-C quits at once. A cell whose library call \
      is still running a second later (zopfli, brotli 11 on a large payload) is dropped and named, \
      so the run stops within about a second. A cell that does not \
      round-trip fails the run with status 1 after the reports are written. A debug build \
      refuses to run without --allow-debug.

      Examples:
        deflate-bench run                         the default suite, Corpora/default.json
        deflate-bench run --quick                 a short smoke run of the same suite
        deflate-bench run --corpus ./uploads --backends zlib,libdeflate --levels 1,6,9
      """,
    options: RunOptions.specs,
    exitCodes: ExitCode.table([
      .success, .failure, .usage, .dataError, .missingInput, .unavailable, .cannotCreate, .interrupted,
    ]))

  static func run(_ arguments: ParsedArguments, console: Console) throws(CLIError) -> ExitCode {
    var options = try RunOptions(arguments)
    if BuildInfo.isDebug, !options.output.allowDebug {
      throw .usage(
        "this is a debug build, and debug speeds say nothing about release speeds; build with "
          + "'swift build -c release' and run .build/release/deflate-bench, or pass --allow-debug to run anyway")
    }
    try InstructionRun.adaptForChild(&options, environment: ProcessInfo.processInfo.environment)
    if InstructionRun.delegatesWholeRun(options) { return try InstructionRun.delegate(console: console) }
    return try RunSession(options: options, console: console).execute()
  }
}
