import DeflateBenchModel
import DeflateBenchRegression
import DeflateBenchReports
import DeflateBenchResults
import Foundation

/// `deflate-bench merge`: puts the shards of a run (`run --shard K/N`) back together, so a CI job
/// matrix can spread a suite over machines and still report and compare it as one run.
enum MergeCommand: Command {
  static let spec = CommandSpec(
    name: "merge",
    abstract: "Combines the results of sharded runs into one results folder.",
    discussion: """
      Each RESULTS is a results folder or results.json written by 'deflate-bench run --shard K/N'. \
      The merged folder holds the same results.json, results.csv, report.md and report.html an unsharded run \
      writes, with the cells sorted as that run would list them. It is marked complete only when \
      every shard finished and shards 1 to N are all present. Results that disagree on library \
      versions, corpus hashes or run settings are refused unless --force; a cell that appears \
      twice is always an error.
      Example: deflate-bench merge shard-1 shard-2 shard-3 --out Results/merged
      """,
    options: [
      .value(
        "out", short: "o", "folder",
        help:
          "The folder to write the merged results.json, results.csv, report.md and report.html into; it is created when missing."
      ),
      .flag(
        "force",
        help:
          "Merge even when the inputs disagree on library versions, corpus hashes or run settings (each disagreement is recorded as a warning in the merged results), and replace results already in --out. --out may never be one of the inputs."
      ),
    ],
    arguments: [
      ArgumentSpec(
        "results", help: "The shards' results folders or results.json files, in any order.", isVariadic: true)
    ],
    exitCodes: """
        0    merged (an incomplete merge says so on standard error and in the results)
        64   usage error: no --out, unknown option, no results given
        65   the inputs disagree (without --force), share a cell, have unusable shard labels, or hold a cell compare
             calls malformed (empty, negative or absurd samples, negative sizes)
        66   a results folder or file is missing or unreadable, or results.json is not a regular file (a FIFO)
        73   the output folder cannot be written, already holds results or other files (without --force), another
             merge wrote into it meanwhile, or it is, holds or lies inside an input or the working folder
      """)

  static func run(_ arguments: ParsedArguments, console: Console) throws(CLIError) -> ExitCode {
    guard let out = arguments.string("out") else {
      throw .usage("--out is required: the folder to write the merged results into")
    }
    try ResultsOutFolder.validate(
      out, force: arguments.flag("force"), inputs: arguments.positionals)
    var documents: [ResultsDocument] = []
    for path in arguments.positionals {
      let document = try ResultsInput.load(path)
      // The cells compare would call malformed are refused here, not merged into a file that
      // breaks every later compare (issue #25, M2).
      do throws(ComparisonError) {
        try CellSanity.validate(document, run: "input")
      } catch {
        throw .dataError("\(path): \(error.description)")
      }
      documents.append(document)
    }
    var merged: ResultsDocument
    do {
      merged = try ShardMerger.merge(documents, force: arguments.flag("force"))
    } catch {
      throw .dataError(error.description)
    }
    // Each shard's verdict saw only its cells: the merged one is computed again, from every cell,
    // with the model the shards recorded (they share one command line).
    if let model = documents.lazy.compactMap(\.model).first {
      Verdict.assemble(&merged, parameters: model)
    }
    // Cells of a file written before runs recorded the cold call's class get it by the same rule.
    for index in merged.cells.indices where merged.cells[index].coldExtra == nil {
      merged.cells[index].coldExtra = ColdExtra(merged.cells[index])
    }
    do {
      // Without --force the folder held no results when checked: link(2) makes sure a second
      // merge into the same new folder fails instead of both reporting success.
      try ResultsWriter.write(merged, to: URL(fileURLWithPath: out), replacingJSON: arguments.flag("force"))
    } catch {
      throw CLIError(.cannotCreate, error.description)
    }
    let state = merged.complete ? "complete" : "INCOMPLETE"
    console.error(
      "deflate-bench merge: \(documents.count) input\(documents.count == 1 ? "" : "s"), "
        + "\(merged.cells.count) cells, \(state), written to \(out)\n")
    for (position, document) in documents.enumerated() where !document.complete {
      let name = document.context.shard.map { "shard \($0)" } ?? arguments.positionals[position]
      console.error("deflate-bench merge: warning: \(name) is incomplete (its run was interrupted or failed)\n")
    }
    // The merge's own findings (missing shards, forced conflicts, several machines), not the
    // shards' warnings, which are in the merged report already.
    let inherited = Set(documents.flatMap(\.warnings))
    for warning in merged.warnings where !inherited.contains(warning) {
      console.error("deflate-bench merge: warning: \(warning)\n")
    }
    return .success
  }
}
