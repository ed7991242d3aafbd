import DeflateBenchReports
import DeflateBenchResults
import Foundation
import TestSupport
import Testing

@Suite("Results writer")
struct ReportWriterTests {
  let root: URL

  init() {
    root = FileManager.default.temporaryDirectory.appendingPathComponent("report-writer-\(UUID().uuidString)")
  }

  @Test("Writes the four files into a new nested folder, leaving no temporary files")
  func writesFourFiles() throws {
    defer { try? FileManager.default.removeItem(at: root) }
    let folder = root.appendingPathComponent("Results/2025-01-15T093000Z")
    let document = makeFixtureDocument()
    try ResultsWriter.write(document, to: folder)
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(names == ["report.html", "report.md", "results.csv", "results.json"])
    let set = try ReportSet(document)
    #expect(try Data(contentsOf: folder.appendingPathComponent("results.json")) == set.json)
    #expect(try String(contentsOf: folder.appendingPathComponent("results.csv"), encoding: .utf8) == set.csv)
    #expect(try String(contentsOf: folder.appendingPathComponent("report.md"), encoding: .utf8) == set.markdown)
    #expect(try String(contentsOf: folder.appendingPathComponent("report.html"), encoding: .utf8) == set.html)
  }

  @Test("Rewriting replaces the files (as the runner does after every cell)")
  func rewrite() throws {
    defer { try? FileManager.default.removeItem(at: root) }
    try ResultsWriter.write(makeFixtureDocument(complete: false), to: root)
    try ResultsWriter.write(makeFixtureDocument(complete: true), to: root, extras: ReportExtras(plots: ["plots/a.png"]))
    #expect(try ResultsDocument.load(from: root).complete)
    let report = try String(contentsOf: root.appendingPathComponent("report.md"), encoding: .utf8)
    #expect(!report.contains("INCOMPLETE") && report.contains("plots/a.png"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).count == 4)
  }

  @Test("A folder that cannot be created is a typed error naming it")
  func folderBlockedByFile() throws {
    defer { try? FileManager.default.removeItem(at: root) }
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    let file = root.appendingPathComponent("taken")
    try Data("x".utf8).write(to: file)
    let target = file.appendingPathComponent("results")
    #expect {
      try ResultsWriter.write(makeFixtureDocument(), to: target)
    } throws: { error in
      guard case .createFolder(let path, _) = error as? ResultsWriteError else { return false }
      return path == target.path
    }
  }

  @Test("A file that cannot be replaced fails with the system call and errno, and cleans up")
  func unwritableTarget() throws {
    defer { try? FileManager.default.removeItem(at: root) }
    // A directory where results.csv should go: the one output path refuses it before writing.
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent("results.csv"), withIntermediateDirectories: true)
    #expect {
      try ResultsWriter.write(makeFixtureDocument(), to: root)
    } throws: { error in
      guard case .file(let path, let operation, let code, let message) = error as? ResultsWriteError else {
        return false
      }
      return path.hasSuffix("/results.csv") && operation == "open" && code == EISDIR && message == "it is a folder"
    }
    let names = try FileManager.default.contentsOfDirectory(atPath: root.path).sorted()
    #expect(names == ["results.csv", "results.json"])
  }

  @Test("A NaN sample stops the write before any file is touched")
  func encodingErrorWritesNothing() throws {
    defer { try? FileManager.default.removeItem(at: root) }
    var document = makeFixtureDocument()
    document.cells[0].coldSamplesMicroseconds = [.infinity]
    #expect(throws: ResultsWriteError.self) { try ResultsWriter.write(document, to: root) }
    #expect(!FileManager.default.fileExists(atPath: root.path))
  }
}
