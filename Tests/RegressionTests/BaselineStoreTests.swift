import DeflateBenchRegression
import DeflateBenchReports
import DeflateBenchResults
import Foundation
import TestSupport
import Testing

@Suite("baseline update")
struct BaselineStoreTests {
  /// How the CLI writes a baseline's results files: the report writer.
  let writeReports: (ResultsDocument, URL) throws -> [String] = { try ResultsWriter.write($0, to: $1) }

  let folder: URL = FileManager.default.temporaryDirectory
    .appendingPathComponent("deflatebench-baseline-\(UInt32.random(in: .min ... .max))")

  func writeRun(_ document: ResultsDocument, named name: String) throws -> URL {
    let url = folder.appendingPathComponent(name)
    try ResultsWriter.write(document, to: url)
    return url
  }

  @Test func replacesTheBaselineWithTheRunAndANote() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let old = makeFixtureDocument(uploadLink: nil, seed: 1)
    let new = makeFixtureDocument(uploadLink: nil, seed: 2)
    let destination = folder.appendingPathComponent("Results/baseline")
    _ = try BaselineStore.update(
      from: try writeRun(old, named: "old"), to: destination, date: "2025-01-01T00:00:00Z", writeResults: writeReports)
    // A stray file from an earlier baseline does not survive the swap.
    try Data("stale".utf8).write(to: destination.appendingPathComponent("stale.txt"))

    let update = try BaselineStore.update(
      from: try writeRun(new, named: "new").appendingPathComponent("results.json"), to: destination,
      date: "2025-02-01T00:00:00Z", writeResults: writeReports)
    #expect(update.cells == new.cells.count)
    // As the writer writes it: with its backend styles.
    #expect(try ResultsDocument.load(from: destination) == new.withBackendStyles())
    let files = try FileManager.default.contentsOfDirectory(atPath: destination.path).sorted()
    #expect(files == ["BASELINE.md", "report.html", "report.md", "results.csv", "results.json"])
    let note = try String(contentsOf: destination.appendingPathComponent("BASELINE.md"), encoding: .utf8)
    #expect(note.contains("Updated: 2025-02-01T00:00:00Z"))
    #expect(note.contains(new.context.machineFingerprint))
    #expect(note.contains("zlib 1.3"))
    // No staging or retired folders are left beside it.
    let siblings = try FileManager.default.contentsOfDirectory(atPath: destination.deletingLastPathComponent().path)
    #expect(siblings == ["baseline"])
  }

  @Test func refusesAnIncompleteRunUnlessForced() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let destination = folder.appendingPathComponent("baseline")
    let good = makeFixtureDocument(uploadLink: nil)
    _ = try BaselineStore.update(
      from: try writeRun(good, named: "good"), to: destination, date: "d", writeResults: writeReports)
    let partial = try writeRun(makeFixtureDocument(uploadLink: nil, complete: false, seed: 7), named: "partial")
    #expect(throws: BaselineError.incomplete(path: partial.path)) {
      try BaselineStore.update(from: partial, to: destination, date: "d", writeResults: writeReports)
    }
    // The old baseline is untouched.
    #expect(try ResultsDocument.load(from: destination) == good.withBackendStyles())
    _ = try BaselineStore.update(from: partial, to: destination, force: true, date: "d", writeResults: writeReports)
    #expect(try !ResultsDocument.load(from: destination).complete)
  }

  @Test func refusesARunWithFailedCells() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    var failed = makeFixtureDocument(uploadLink: nil)
    failed.cells[0].error = "boom"
    let source = try writeRun(failed, named: "failed")
    #expect(throws: BaselineError.self) {
      try BaselineStore.update(
        from: source, to: folder.appendingPathComponent("baseline"), date: "d", writeResults: writeReports)
    }
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("baseline").path))
  }

  @Test func aMissingSourceIsALoadError() {
    let source = folder.appendingPathComponent("nothing-here")
    #expect(throws: BaselineError.load(.missingFile(path: source.path))) {
      try BaselineStore.update(
        from: source, to: folder.appendingPathComponent("baseline"), date: "d", writeResults: writeReports)
    }
  }
}
