/// `run`'s output options: where the results go and what the console shows.
struct OutputOptions {
  /// `--out`; nil means `Results/<UTC timestamp>/` with `Results/latest` pointing at it.
  var outPath: String?
  /// `--force`: replace results already in `--out`.
  var force: Bool
  var allowDebug: Bool
  var quiet: Bool
  var plots: Bool

  static let all: [OptionSpec] = [
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
    .flag(
      "allow-debug",
      help:
        "Run even though this is a debug build. Debug speeds are far below release speeds; use it only to test the tool itself."
    ),
    .flag(
      "quiet", short: "q", help: "Print no progress. Warnings, errors and the final summary still appear."),
    .flag(
      "plots",
      help:
        "Also draw the charts into plots/ in the results folder, each as PNG and SVG, with scripts/plot.py (needs Python with matplotlib)."
    ),
  ]

  init(_ arguments: ParsedArguments) throws(CLIError) {
    outPath = arguments.string("out")
    if outPath?.isEmpty == true { throw .usage("--out needs a folder name") }
    allowDebug = arguments.flag("allow-debug")
    force = arguments.flag("force")
    quiet = arguments.flag("quiet")
    plots = arguments.flag("plots")
  }
}
