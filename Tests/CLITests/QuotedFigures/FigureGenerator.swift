import DeflateBenchModel
import DeflateBenchResults
import Foundation

/// Writes the figures the docs quote from a committed results folder, from its results.json
/// alone, with the project's own formatters (`NumberText`, `MachineText`), so the docs say a
/// number the way report.md does and a regenerated folder refreshes them with one command
/// (`scripts/test-opt-in.sh regenerate-figures`). Every kind names the machine the figures came
/// from except `answer-lines`, whose page names it beside them.
struct FigureGenerator {
  enum Kind: String, CaseIterable {
    /// The run in one paragraph: cells, command, date, load, wall time and peak memory, machine.
    case run
    /// The machine alone, for a sentence: CPU model, cores, reported caches.
    case machine
    /// The cold-call classes (`cold_extra.finding`) counted, as `scripts/cold_check.py` prints
    /// them, as a table under the machine.
    case coldClasses = "cold-classes"
    /// The `## Answer` lines as a fenced block: all, or the payload sets named as arguments.
    case answerLines = "answer-lines"
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// The package root the blocks' folders are relative to.
  let root: URL
  /// Folders read once per generator.
  private var documents: [String: ResultsDocument] = [:]

  init(root: URL) { self.root = root }

  /// What `block` should hold.
  mutating func render(_ block: FigureBlock) throws -> String {
    guard let kind = Kind(rawValue: block.kind) else {
      throw Failure(
        description:
          "line \(block.line): unknown kind '\(block.kind)' (\(Kind.allCases.map(\.rawValue).joined(separator: ", ")))")
    }
    let document = try self.document(block.folder)
    switch kind {
    case .run: return Self.run(document)
    case .machine: return MachineText.machine(document.context)
    case .coldClasses: return Self.coldClasses(document, folder: block.folder)
    case .answerLines: return try Self.answerLines(document, sets: block.arguments, line: block.line)
    }
  }

  private mutating func document(_ folder: String) throws -> ResultsDocument {
    if let known = documents[folder] { return known }
    let loaded = try ResultsDocument.load(from: root.appendingPathComponent(folder))
    documents[folder] = loaded
    return loaded
  }

  /// "696 cells, 10 repetitions, release build: `deflate-bench run ...` on 2026-12-02T00:22:50Z
  /// (load average 0.01 at the start); 7 min 35 s, peak resident memory 215 MiB. Machine: ..."
  static func run(_ document: ResultsDocument) -> String {
    let context = document.context
    let load = context.loadAverage.map { " (load average \(NumberText.fixed($0, decimals: 2)) at the start)" } ?? ""
    let cost =
      MachineText.runCost(context)
      ?? "run time and peak memory not recorded (this results.json predates `run_wall_seconds`)"
    return "\(document.cells.count) cells, \(context.repetitions) repetitions, \(context.buildConfiguration) build: "
      + "`\(context.commandLine)` on \(context.date)\(load); \(cost). Machine: \(MachineText.machine(context))."
  }

  /// The machine, then one row counting each class; `too few samples` only when there are some.
  static func coldClasses(_ document: ResultsDocument, folder: String) -> String {
    let extras = document.cells.compactMap(\.coldExtra)
    let count = { (finding: ColdExtra.Finding) in String(extras.filter { $0.finding == finding }.count) }
    let fewSamples = extras.contains { $0.finding == .tooFewSamples }
    let headers =
      ["results folder", "cells", "penalty", "within noise", "below"] + (fewSamples ? ["too few samples"] : [])
    let row =
      [folder, String(extras.count), count(.penalty), count(.withinNoise), count(.below)]
      + (fewSamples ? [count(.tooFewSamples)] : [])
    return "Counted by `python3 scripts/cold_check.py \(folder)` in the run of \(run(document))\n\n"
      + "| " + headers.joined(separator: " | ") + " |\n"
      + "|---|" + String(repeating: "---:|", count: headers.count - 1) + "\n"
      + "| " + row.joined(separator: " | ") + " |"
  }

  /// The answer lines as report.md prints them (without its "- "), in a fenced block.
  static func answerLines(_ document: ResultsDocument, sets: [String], line: Int) throws -> String {
    let answers = document.answer ?? []
    var chosen = answers
    if !sets.isEmpty {
      chosen = try sets.map { label in
        guard let answer = answers.first(where: { $0.payloadSetLabel == label }) else {
          throw Failure(description: "line \(line): no answer for payload set '\(label)'")
        }
        return answer
      }
    }
    return "```\n" + chosen.map(\.line).joined(separator: "\n") + "\n```"
  }
}
