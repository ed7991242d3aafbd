import DeflateBenchRegression
import DeflateBenchReports
import Foundation

/// `deflate-bench baseline update`: rewrites the committed baseline `compare` gates against.
enum BaselineCommand: Command {
  static let spec = CommandSpec(
    name: "baseline",
    abstract: "Rewrites the committed baseline (Results/baseline) from a CI run.",
    discussion: """
      The only action is 'update'. Without --from it runs the CI suite first, exactly as \
      'deflate-bench run --config Corpora/ci.json' would (a release build is required); with --from \
      it takes the results of a run that already finished. Either way it checks that the run is \
      complete and has no failed cell, then replaces the baseline folder in one step with freshly \
      written results.json, results.csv and report.md and a BASELINE.md that records the machine, \
      libraries and command the run came from. Commit the folder afterwards.
      Examples:
        deflate-bench baseline update
        deflate-bench baseline update --from Results/latest --out Results/baseline
      """,
    options: [
      .value(
        "from", "folder",
        help:
          "Take this finished run (a results folder or a results.json file) instead of running the CI suite."),
      .value(
        "config", "file",
        help: "The suite to run when --from is not given. Default: Corpora/ci.json."),
      .value(
        "out", short: "o", "folder",
        help: "The baseline folder to replace; it is created when missing. Default: Results/baseline."),
      .flag(
        "force",
        help:
          "Take the run even when it is incomplete or has failed cells (BASELINE.md then says so), and replace an --out folder that holds a run's results rather than a baseline."
      ),
    ],
    arguments: [ArgumentSpec("action", help: "What to do with the baseline: update.")],
    exitCodes: """
        0    the baseline was rewritten
        1    the CI suite run failed (a cell did not verify); the baseline is unchanged
        64   usage error: an action other than update, --config with --from, unknown option
        65   the run is incomplete or has failed cells (without --force), was measured with a test-only hook
             (always), or its results.json or a cell in it is malformed (as compare judges cells)
        66   the --from folder or file (or the suite configuration) is missing or unreadable, or its results.json
             is not a regular file
        73   the baseline folder cannot be written, holds a run's results (without --force), holds files that are
             not results files (replacing it would delete them), is, holds or lies inside the --from folder,
             or is the working folder or one above it
        130  interrupted while running the suite; the baseline is unchanged
      """)

  static func run(_ arguments: ParsedArguments, console: Console) throws(CLIError) -> ExitCode {
    let action = arguments.positionals[0]
    guard action == "update" else {
      throw .usage("unknown action '\(action)'; the only action is 'update'")
    }
    let out = arguments.string("out") ?? BaselineStore.defaultPath
    // A baseline (with BASELINE.md) is what this command replaces; a run's results are not.
    // The old folder is deleted once the new one is in place, so it must hold results files only.
    try ResultsOutFolder.validate(
      out, force: arguments.flag("force"),
      inputs: arguments.string("from").map { [$0] } ?? [], replaceable: [.baseline], deletesOldContents: true)
    if let from = arguments.string("from") {
      guard arguments.string("config") == nil else {
        throw .usage("baseline update: --config names a suite to run, which --from skips; give one or the other")
      }
      return try update(from: from, out: out, force: arguments.flag("force"), console: console)
    }
    // Run the suite into a scratch folder, so a failed or interrupted run never touches the
    // baseline. mkdtemp(3) makes it: a fresh name, created by us with mode 0700, so nothing
    // planted in the temporary folder (a symbolic link under a guessable name) is followed.
    let scratch = try ScratchFolder.make(prefix: "deflate-bench-baseline")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let runFolder = scratch.appendingPathComponent("run")
    let config = arguments.string("config") ?? "Corpora/ci.json"
    let status = DeflateBenchTool.execute(
      RunCommand.self, arguments: ["--config", config, "--out", runFolder.path], console: console)
    guard status == ExitCode.success.rawValue else {
      let code = ExitCode(rawValue: status) ?? .failure
      throw CLIError(
        code, "baseline update: the CI suite run failed (exit status \(status)); the baseline is unchanged")
    }
    return try update(from: runFolder.path, out: out, force: arguments.flag("force"), console: console)
  }

  private static func update(from: String, out: String, force: Bool, console: Console) throws(CLIError) -> ExitCode {
    let update: BaselineStore.Update
    do {
      update = try BaselineStore.update(
        from: URL(fileURLWithPath: from), to: URL(fileURLWithPath: out), force: force,
        date: ISO8601DateFormatter().string(from: Date()), writeResults: { try ResultsWriter.write($0, to: $1) })
    } catch {
      switch error {
      case .load(let cause):
        switch cause {
        case .missingFile, .unreadable: throw .missingInput(error.description)
        case .notAResultsFile, .newerSchema: throw .dataError(error.description)
        }
      case .incomplete, .failedCells, .testHook, .malformed: throw .dataError(error.description)
      case .write: throw CLIError(.cannotCreate, error.description)
      }
    }
    console.error(
      "deflate-bench baseline: wrote \(update.cells) cells from \(update.machineFingerprint) to "
        + "\(update.destination) (\(update.files.joined(separator: ", "))); commit the folder\n")
    return .success
  }
}
