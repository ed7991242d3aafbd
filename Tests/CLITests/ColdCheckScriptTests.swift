import DeflateBenchResults
import Foundation
import TestSupport
import Testing

/// `scripts/cold_check.py` reads the class each cell's `cold_extra` records (the rule lives in
/// Swift, ColdExtra+Paired.swift) and falls back to raw medians for files without it.
@Suite("scripts/cold_check.py")
struct ColdCheckScriptTests {
  static let python = "/usr/bin/python3"
  static let warm: [Double] = [100, 102, 98, 101, 99, 103, 97, 100, 101, 99]

  /// Three cells, one of each class; the within-noise one has its median cold below median warm.
  static func document(recordingClasses: Bool) -> ResultsDocument {
    let differences: [(Int, [Double])] = [
      (1, [10, 12, 8, 11, 9, 13, 10, 10, 12, 9]),
      (6, [-5, 3, -2, 4, -1, 2, -3, 1, 5, -4]),
      (9, [-4, -6, -5, -9, -7, -5, -6, -8, -4, -6]),
    ]
    let cells = differences.map { level, added in
      var cell = makeFixtureCell(
        level: level, coldMicroseconds: zip(warm, added).map { $0 + $1 }, coldPayloadBytes: 5_000,
        warmCallMicroseconds: warm)
      if !recordingClasses { cell.coldExtra = nil }
      return cell
    }
    return ResultsDocument(complete: true, context: makeFixtureContext(), corpora: [], cells: cells, warnings: [])
  }

  func check(_ document: ResultsDocument, arguments: [String] = []) throws -> String {
    let scratch = try ScratchDirectory("cold-check")
    try JSONReport.encode(document).write(to: scratch.url.appendingPathComponent("results.json"))
    let script = DeflateBenchExecutable.packageRoot.appendingPathComponent("scripts/cold_check.py").path
    let result = try ProcessRunner.run(
      Self.python, arguments: [script, scratch.url.path] + arguments, timeoutSeconds: 60)
    #expect(result.status == 0, "\(result.stderrText)")
    return result.stdoutText
  }

  @Test(
    "it counts the classes results.json records, and lists the lowest cells with their intervals",
    .enabled(if: FileManager.default.isExecutableFile(atPath: python), "needs /usr/bin/python3"))
  func readsRecordedClasses() throws {
    let output = try check(Self.document(recordingClasses: true))
    #expect(output.contains("3 cells by cold extra (results.json cold_extra): 1 penalty, 1 within noise, 1 below"))
    #expect(output.contains("  zlib: 1 penalty, 1 within noise, 1 below"))
    #expect(output.contains("events/whole zlib 9 x1: below, extra -6.0 µs ["))
    // Not recomputed: a class the file says is what the script says, whatever the samples.
    var edited = Self.document(recordingClasses: true)
    edited.cells[2].coldExtra?.finding = .withinNoise
    #expect(try check(edited).contains("1 penalty, 2 within noise, 0 below"))
  }

  @Test(
    "a file without cold_extra, or --raw-medians, compares the raw medians as before",
    .enabled(if: FileManager.default.isExecutableFile(atPath: python), "needs /usr/bin/python3"))
  func rawMediansForOldFiles() throws {
    // Median cold below median warm: the within-noise cell (99.5 / 100) and the below one (93 / 100).
    let expected = "2 of 3 cells have median cold µs below warm (warm call on the same payload)"
    #expect(try check(Self.document(recordingClasses: false)).contains(expected))
    #expect(try check(Self.document(recordingClasses: true), arguments: ["--raw-medians"]).contains(expected))
  }
}
