import DeflateBenchResults
import Foundation
import TestSupport
import Testing

/// The figures the docs quote come from committed results folders, written between markers by
/// `FigureGenerator` (`scripts/test-opt-in.sh regenerate-figures` rewrites them), and
/// Results/example's answer is what today's code makes of its results.json: a regenerated folder
/// whose figures were not refreshed, a hand edit inside a marked block, or a rule change not
/// followed by a regenerated example fails here.
@Suite("Quoted figures match their results folder")
struct QuotedFiguresTests {
  let root = DeflateBenchExecutable.packageRoot
  var example: URL { root.appendingPathComponent("Results/example") }

  /// The lines of `text` from the heading `## Answer` up to the next heading.
  func answerSection(_ text: String) -> [String] {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let start = lines.firstIndex(of: "## Answer") else { return [] }
    let rest = lines[(start + 1)...]
    let end = rest.firstIndex { $0.hasPrefix("#") } ?? rest.endIndex
    return rest[..<end].filter { $0.hasPrefix("- ") }
  }

  /// The lines of the first fenced code block after `heading` in `text`.
  func codeBlock(after heading: String, in text: String) throws -> [String] {
    let tail = text[try #require(text.range(of: heading)).upperBound...]
    let open = try #require(tail.range(of: "```\n"))
    let close = try #require(tail[open.upperBound...].range(of: "```"))
    return tail[open.upperBound..<close.lowerBound].split(separator: "\n").map(String.init)
  }

  @Test("the README's answer lines and docs/verdict.md's are lines of Results/example/report.md")
  func readmeQuotesTheExample() throws {
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let report = try String(contentsOf: example.appendingPathComponent("report.md"), encoding: .utf8)
    let answers = Set(answerSection(report))
    let quoted = try codeBlock(after: "## What you get", in: readme)
    #expect(quoted.count >= 3)
    for line in quoted { #expect(answers.contains("- " + line), "README quotes a line the example lacks: \(line)") }
    // docs/verdict.md shows all of them, in report order.
    let verdictPage = try String(contentsOf: root.appendingPathComponent("docs/verdict.md"), encoding: .utf8)
    let shown = try codeBlock(after: "## Example answer lines", in: verdictPage).map { "- " + $0 }
    #expect(shown == answerSection(report), "docs/verdict.md's example lines are not Results/example's answer")
    // The prose's per-event figure is the example's.
    let perEvent = try #require(readme.firstMatch(of: /fifty per request\s+cost ([0-9.]+) ms per event/))
    #expect(report.contains("50 events per request take \(perEvent.1) ms per event"), "\(perEvent.1)")
  }

  /// Merging Results/example alone with today's code. A changed answer is either a rule broken
  /// by the change or an intended rule change; `scripts/verdict_check.py` (the rules restated in
  /// Python from docs/verdict.md) on the merged folder tells which, so the failure names the rule
  /// instead of inviting a regenerated golden that would bless the bug.
  @Test(
    "merging Results/example alone writes the same answer, and every verdict rule holds on it (scripts/verdict_check.py)",
    .enabled(if: Condition.executableIsBuilt, Comment(rawValue: Condition.executableMissing)),
    .enabled(if: Judge.python3.isAvailable, Comment(rawValue: Judge.python3.missing)))
  func exampleAnswerIsRegenerable() throws {
    let scratch = try ScratchDirectory("quoted-figures")
    let result = try ProcessRunner.run(
      try DeflateBenchExecutable.url.path, arguments: ["merge", example.path, "--out", scratch.path("again")],
      timeoutSeconds: 900)
    #expect(result.status == 0, "\(result.stderrText)")
    let check = try ProcessRunner.run(
      try #require(Judge.python3.path),
      arguments: [root.appendingPathComponent("scripts/verdict_check.py").path, scratch.path("again")])
    let problems = check.stdoutText + check.stderrText
    #expect(
      check.status == 0,
      "Results/example merged by today's code breaks a verdict rule (scripts/verdict_check.py): fix the code, do not regenerate the example:\n\(problems)"
    )
    let committed = try String(contentsOf: example.appendingPathComponent("report.md"), encoding: .utf8)
    let again = try String(contentsOfFile: scratch.path("again/report.md"), encoding: .utf8)
    #expect(!answerSection(committed).isEmpty)
    let advice =
      check.status == 0
      ? "scripts/verdict_check.py finds every rule held, so the change is the rules' own: regenerate Results/example (docs/outputs.md), then scripts/test-opt-in.sh regenerate-figures"
      : "scripts/verdict_check.py names the rule the code now breaks (above): fix the code, do not regenerate the example"
    #expect(
      answerSection(committed) == answerSection(again),
      "Results/example's answer is not what today's code writes. \(advice)")
  }

  /// The blocks the docs must keep, so a figure cannot leave the check by losing its markers.
  static let requiredBlocks: [(page: String, kind: String, folder: String)] = [
    ("README.md", "answer-lines", "Results/example"), ("README.md", "machine", "Results/example"),
    ("docs/verdict.md", "answer-lines", "Results/example"), ("docs/verdict.md", "run", "Results/example"),
    ("docs/measured-figures.md", "run", "Results/example"), ("docs/outputs.md", "run", "Results/example"),
    ("docs/methodology.md", "cold-classes", "Results/example"), ("docs/ci.md", "run", "Results/baseline"),
  ]

  @Test("every marked figure in README.md and docs/ is what the generator writes from its results folder")
  func markedFiguresMatchTheirFolders() throws {
    var generator = FigureGenerator(root: root)
    var stale: [String] = []
    var found: [(String, String, String)] = []
    for page in try QuotedFigurePages.all(root: root) {
      let text = try String(contentsOf: root.appendingPathComponent(page), encoding: .utf8)
      stale += try QuotedFigurePages.staleBlocks(text, page: page, generator: &generator)
      found += try FigureBlocks.blocks(in: text).map { (page, $0.kind, $0.folder) }
    }
    #expect(
      stale.isEmpty,
      "stale figures; refresh them with scripts/test-opt-in.sh regenerate-figures:\n\(stale.joined(separator: "\n\n"))")
    for required in Self.requiredBlocks {
      #expect(
        found.contains { $0 == (required.page, required.kind, required.folder) },
        "\(required.page) lost its '\(required.kind) \(required.folder)' block")
    }
  }

  @Test("a figure changed by hand inside a block, an unknown kind and an unclosed block are caught")
  func driftIsCaught() throws {
    var generator = FigureGenerator(root: root)
    let page = "<!-- figures: run Results/example -->\n\(try generator.render(Self.block("run")))\n<!-- /figures -->\n"
    #expect(try QuotedFigurePages.staleBlocks(page, page: "p", generator: &generator).isEmpty)
    let edited = page.replacingOccurrences(of: " cells, ", with: "1 cells, ")
    #expect(try QuotedFigurePages.staleBlocks(edited, page: "p", generator: &generator).count == 1)
    // Regenerating repairs it, and keeps the block on its own lines.
    #expect(try QuotedFigurePages.regenerated(edited, generator: &generator) == page)
    #expect(throws: FigureGenerator.Failure.self) { try generator.render(Self.block("runs")) }
    #expect(throws: FigureBlocks.Malformed.self) {
      try FigureBlocks.blocks(in: "<!-- figures: run Results/example -->\n6")
    }
    #expect(throws: FigureBlocks.Malformed.self) {
      try FigureBlocks.blocks(in: "<!-- figures: run -->x<!-- /figures -->")
    }
  }

  static func block(_ kind: String) -> FigureBlock {
    FigureBlock(
      kind: kind, folder: "Results/example", arguments: [], content: "", range: "".startIndex..<"".endIndex, line: 1)
  }

  @Test(
    "the cold-class counts the docs quote are the ones scripts/cold_check.py prints",
    .enabled(if: Judge.python3.isAvailable, Comment(rawValue: Judge.python3.missing)))
  func coldClassesAgreeWithTheScript() throws {
    let result = try ProcessRunner.run(
      try #require(Judge.python3.path), arguments: ["scripts/cold_check.py", "Results/example"],
      currentDirectory: root.path, timeoutSeconds: 120)
    #expect(result.status == 0, "\(result.stderrText)")
    // "696 cells by cold extra (results.json cold_extra): 607 penalty, 88 within noise, 1 below"
    let first = try #require(result.stdoutText.split(separator: "\n").first.map(String.init))
    let numbers = first.matches(of: /(\d+) (?:cells|penalty|within noise|below)/).map { String($0.1) }
    let table = FigureGenerator.coldClasses(try ResultsDocument.load(from: example), folder: "Results/example")
    let row = try #require(table.split(separator: "\n").last).split(separator: "|").map {
      $0.trimmingCharacters(in: .whitespaces)
    }.filter { !$0.isEmpty }
    #expect(numbers.count == 4, "\(first)")
    #expect(Array(row.dropFirst().prefix(4)) == numbers, "cold_check.py: \(first); generated: \(row)")
  }
}

/// Rewrites the marked figures of README.md and docs/ from their results folders: a tool, not a
/// check, so it is an opt-in suite that `scripts/test-opt-in.sh regenerate-figures` runs after a
/// results folder was regenerated, leaving the change as a diff to review.
@Suite("Quoted figures, regenerated")
struct QuotedFiguresRegenerationOptIn {
  @Test(
    "Rewrite the marked figures when DEFLATEBENCH_WRITE_FIGURES=1",
    .enabled(
      if: ProcessInfo.processInfo.environment["DEFLATEBENCH_WRITE_FIGURES"] == "1",
      "opt-in: scripts/test-opt-in.sh regenerate-figures rewrites the docs' marked figures, for a reviewed diff"))
  func regenerate() throws {
    let root = DeflateBenchExecutable.packageRoot
    var generator = FigureGenerator(root: root)
    for page in try QuotedFigurePages.all(root: root) {
      let url = root.appendingPathComponent(page)
      let text = try String(contentsOf: url, encoding: .utf8)
      let fresh = try QuotedFigurePages.regenerated(text, generator: &generator)
      if fresh != text { try fresh.write(to: url, atomically: true, encoding: .utf8) }
    }
  }
}
