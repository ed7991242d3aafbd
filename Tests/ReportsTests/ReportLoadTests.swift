import DeflateBenchReports
import DeflateBenchResults
import Foundation
import TestSupport
import Testing

@Suite("Loading results files")
struct ReportLoadTests {
  let folder: URL

  init() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("report-load-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  private func write(_ text: String, to name: String = "results.json") throws -> URL {
    let url = folder.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url
  }

  private func loadError(_ url: URL) -> ResultsLoadError? {
    do {
      _ = try ResultsDocument.load(from: url)
      return nil
    } catch {
      return error
    }
  }

  @Test("Loads from the folder and from the results.json path alike")
  func folderOrFile() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let document = makeFixtureDocument()
    try ResultsWriter.write(document, to: folder)
    // As written: with the writer's backend styles.
    let written = document.withBackendStyles()
    #expect(try ResultsDocument.load(from: folder) == written)
    #expect(try ResultsDocument.load(from: folder.appendingPathComponent("results.json")) == written)
  }

  @Test("A missing path and a folder without results.json are missing files, named")
  func missing() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let nowhere = folder.appendingPathComponent("nowhere")
    #expect(loadError(nowhere) == .missingFile(path: nowhere.path))
    #expect(loadError(folder) == .missingFile(path: folder.appendingPathComponent("results.json").path))
  }

  @Test("Text that is not JSON is not a results file")
  func notJSON() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = try write("corpus,ratio\nx,1\n", to: "results.csv")
    guard case .notAResultsFile(let path, let reason) = loadError(url) else {
      Issue.record("expected notAResultsFile")
      return
    }
    #expect(path == url.path)
    #expect(reason.hasPrefix("not valid JSON"))
  }

  @Test("JSON without schema_version is not a results file")
  func noSchemaVersion() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = try write(#"{"cells": []}"#)
    guard case .notAResultsFile = loadError(url) else {
      Issue.record("expected notAResultsFile")
      return
    }
  }

  @Test("A newer schema is refused before anything else is read")
  func newerSchema() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = try write(#"{"schema_version": 2, "something_new": true}"#)
    #expect(loadError(url) == .newerSchema(path: url.path, found: 2, supported: ResultsDocument.currentSchemaVersion))
    #expect(loadError(url)?.description.contains("update deflate-bench") == true)
  }

  @Test("A missing field is reported by its JSON path")
  func missingField() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let full = String(decoding: try JSONReport.encode(makeFixtureDocument()), as: UTF8.self)
    // Drop the first cell's output_bytes line.
    var lines = full.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let index = try #require(lines.firstIndex { $0.contains("\"output_bytes\"") })
    lines.remove(at: index)
    let url = try write(lines.joined(separator: "\n"))
    guard case .notAResultsFile(_, let reason) = loadError(url) else {
      Issue.record("expected notAResultsFile")
      return
    }
    #expect(reason == "missing cells[0].output_bytes")
  }
}
