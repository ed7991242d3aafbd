import DeflateBenchModel
import DeflateBenchRegression
import DeflateBenchResults
import Foundation

/// `deflate-bench compare`: gates a run against a baseline, for CI. Sizes exactly, speeds with a
/// bootstrap interval beyond a threshold, missing cells as failures.
enum CompareCommand: Command {
  static let spec = CommandSpec(
    name: "compare",
    abstract: "Gates a run against a baseline: exact sizes, noise-aware speeds.",
    discussion: """
      BASELINE and CURRENT are results folders or results.json files. Compressed sizes must be \
      identical for every cell both runs have while the library version is unchanged; after a \
      version change, size changes are reported and fail only with --strict-sizes. A cell's speed \
      (compression and decompression, MB/s: the headline, each cell's fastest sample) regresses only \
      when headline(current) / headline(baseline) and the whole 95 % interval of that ratio (the two \
      headlines' intervals combined) lie below 1 - threshold, so noise alone almost never fails a \
      build; cells need at least 3 samples on each side to be judged. \
      When the runs come from different machines, speeds are compared relative to zlib level 6 \
      of the same run, as with --relative. Instruction counts (runs made with --metric instructions) \
      are deterministic and gated with a plain threshold: a cell fails when it executes more than \
      --instruction-threshold more instructions per byte than in the baseline.
      The Markdown summary goes to standard output and, when GITHUB_STEP_SUMMARY is set, is also \
      appended to that file.
      Example: deflate-bench compare Results/baseline Results/latest --relative
      """,
    options: [
      .value(
        "threshold", "percent",
        help:
          "The smallest speed loss that counts as a regression, in percent of the baseline speed; a cell regresses only when the whole confidence interval of its speed ratio lies beyond it. Default: 10."
      ),
      .flag(
        "relative",
        help:
          "Divide every speed sample by the sample of a reference cell taken in the same pass over the matrix (zlib level 6, one thread, same corpus and container unless --reference says otherwise) before comparing, so a baseline recorded on another machine, or under other load, still gates."
      ),
      .value(
        "reference", "backend:level[:threads]",
        help:
          "The reference cell of --relative, for example zlib:6 or libdeflate:6:1; giving it implies --relative. Cells in a container the reference backend cannot write use its gzip (then zlib, raw) cell of the same payload set, or its cell in the container it writes (zstd:1 for gzip cells). Default: zlib:6."
      ),
      .repeatable(
        "metric", "name",
        help:
          "A speed to gate: compress or decompress (wall-clock), or compress-cpu (per CPU second, steadier on a busy machine); several may be given, comma-separated. Default: compress,decompress. Compressed sizes are always gated."
      ),
      .value(
        "instruction-threshold", "percent",
        help:
          "The largest growth in instructions per byte (compression or decompression) that still passes, for cells both runs counted with --metric instructions. Default: 2."
      ),
      .flag(
        "advisory-speeds",
        help:
          "List speed regressions in the summary without failing on them; sizes, instructions, broken and missing cells still fail. For CI on a shared machine, where instruction counts are the gate and a microsecond cell's wall time moves with the machine rather than the code."
      ),
      .flag(
        "strict-sizes",
        help: "Fail on any compressed-size change, even for backends whose library version changed."),
      .flag(
        "lenient",
        help: "Report cells that are in the baseline but not in the current run without failing on them."),
      .value(
        "confidence", "percent",
        help:
          "The confidence level of the speed intervals, in percent, between 50 and 99.9; higher flags fewer cells. Default: 95."
      ),
    ],
    arguments: [
      ArgumentSpec("baseline", help: "The baseline: a results folder or a results.json file."),
      ArgumentSpec("current", help: "The run to check: a results folder or a results.json file."),
    ],
    exitCodes: """
        0    no regression (improvements and new cells do not fail; nor do speeds with --advisory-speeds)
        2    a regression: a slower cell, more instructions, a changed size, a broken or a missing cell
        3    the runs cannot be compared: no cell in common, a corpus with different bytes, or relative speeds
             whose reference cell a run lacks (without --lenient or --advisory-speeds)
        64   usage error: unknown option, bad or missing value
        65   a results file is malformed, from a newer deflate-bench, or lists a cell twice
        66   a results folder or file is missing or unreadable, or results.json is not a regular file (a FIFO)
      """)

  static func run(_ arguments: ParsedArguments, console: Console) throws(CLIError) -> ExitCode {
    try run(arguments, console: console, environment: ProcessInfo.processInfo.environment)
  }

  /// The command with its environment passed in, so tests can point GITHUB_STEP_SUMMARY elsewhere.
  static func run(
    _ arguments: ParsedArguments, console: Console, environment: [String: String]
  ) throws(CLIError) -> ExitCode {
    let options = try comparisonOptions(arguments)
    let baselinePath = arguments.positionals[0]
    let currentPath = arguments.positionals[1]
    let baseline = try ResultsInput.load(baselinePath)
    let current = try ResultsInput.load(currentPath)
    let report: ComparisonReport
    do {
      report = try RunComparator.compare(baseline: baseline, current: current, options: options)
    } catch {
      switch error {
      case .malformedCell(let run, _, _):
        throw .dataError("\(run == "baseline" ? baselinePath : currentPath): \(error.description)")
      case .duplicateCells: throw .dataError(error.description)
      default: break
      }
      throw CLIError(.incomparable, error.description)
    }
    let summary = report.markdown(baseline: baselinePath, current: currentPath)
    console.out(summary)
    if let stepSummary = environment["GITHUB_STEP_SUMMARY"], !stepSummary.isEmpty {
      // A summary that cannot be written must not hide the verdict: warn, keep the exit status.
      if let problem = StepSummary.append(summary, to: stepSummary) {
        console.error(
          "deflate-bench compare: warning: cannot append to GITHUB_STEP_SUMMARY \(stepSummary): \(problem)\n")
      }
    }
    return report.hasRegression ? .regression : .success
  }

  static func comparisonOptions(_ arguments: ParsedArguments) throws(CLIError) -> ComparisonOptions {
    var options = ComparisonOptions()
    if let threshold = try percent(arguments, "threshold", range: 0...99) { options.threshold = threshold / 100 }
    if let threshold = try percent(arguments, "instruction-threshold", range: 0...1000) {
      options.instructionThreshold = threshold / 100
    }
    if let confidence = try percent(arguments, "confidence", range: 50...99.9) { options.confidence = confidence / 100 }
    let metrics = arguments.strings("metric", splittingCommas: true)
    if !metrics.isEmpty {
      options.metrics = []
      for name in metrics {
        guard let metric = SpeedMetric(rawValue: name) else {
          throw .usage("--metric expects compress, decompress or compress-cpu, got '\(name)'")
        }
        if !options.metrics.contains(metric) { options.metrics.append(metric) }
      }
    }
    options.strictSizes = arguments.flag("strict-sizes")
    options.advisorySpeeds = arguments.flag("advisory-speeds")
    options.lenient = arguments.flag("lenient")
    if let text = arguments.string("reference") {
      guard let reference = ReferenceCell(parsing: text) else {
        throw .usage(
          "--reference expects BACKEND:LEVEL or BACKEND:LEVEL:THREADS such as zlib:6, got '\(text)'")
      }
      options.reference = reference
    } else if arguments.flag("relative") {
      options.reference = .default
    }
    return options
  }

  /// A percentage option, `10` or `10%`, checked against its range.
  private static func percent(
    _ arguments: ParsedArguments, _ name: String, range: ClosedRange<Double>
  ) throws(CLIError) -> Double? {
    guard var text = arguments.string(name) else { return nil }
    if text.hasSuffix("%") { text.removeLast() }
    guard let value = Double(text), value.isFinite, range.contains(value) else {
      throw .usage(
        "--\(name) expects a percentage from \(plain(range.lowerBound)) to \(plain(range.upperBound)), "
          + "got '\(arguments.string(name)!)'")
    }
    return value
  }

  /// 10 rather than 10.0 in messages.
  private static func plain(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }
}

/// Reads the results documents commands take as input, with the exit codes the README lists.
enum ResultsInput {
  static func load(_ path: String) throws(CLIError) -> ResultsDocument {
    do {
      return try ResultsDocument.load(from: URL(fileURLWithPath: path))
    } catch {
      switch error {
      case .missingFile, .unreadable: throw .missingInput(error.description)
      case .notAResultsFile, .newerSchema: throw .dataError(error.description)
      }
    }
  }
}

/// Appends to the file GitHub Actions shows on a job's summary page.
enum StepSummary {
  /// Nil on success, otherwise what went wrong.
  static func append(_ text: String, to path: String) -> String? {
    let manager = FileManager.default
    if !manager.fileExists(atPath: path) {
      guard manager.createFile(atPath: path, contents: nil) else { return "the file cannot be created" }
    }
    guard let handle = FileHandle(forWritingAtPath: path) else { return "the file cannot be opened for writing" }
    defer { try? handle.close() }
    do {
      try handle.seekToEnd()
      try handle.write(contentsOf: Data(text.utf8))
    } catch {
      return error.localizedDescription
    }
    return nil
  }
}
