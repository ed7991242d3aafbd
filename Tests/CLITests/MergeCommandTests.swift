import DeflateBenchMeasurement
import DeflateBenchReports
import DeflateBenchResults
import Foundation
import TestSupport
import Testing

/// `deflate-bench merge`, run as the built executable on shard folders cut the way the runner cuts.
@Suite("merge command")
struct MergeCommandTests {
  let scratch: ScratchDirectory
  let full: ResultsDocument

  init() throws {
    scratch = try ScratchDirectory("merge")
    var document = makeFixtureDocument(uploadLink: nil)
    document.cells.sort { $0.key < $1.key }
    full = document
  }

  /// Writes shard `index` of `count` and returns its folder.
  func writeShard(_ index: Int, of count: Int, edit: (inout ResultsDocument) -> Void = { _ in }) throws -> String {
    let shard = Shard(index: index, count: count)!
    let keys = Set(shard.select(full.cells.map(\.key)))
    var document = full
    document.cells = full.cells.filter { keys.contains($0.key) }
    document.context.shard = shard.description
    edit(&document)
    let folder = scratch.url.appendingPathComponent("shard-\(index)")
    try ResultsWriter.write(document, to: folder)
    return folder.path
  }

  func merge(_ arguments: [String]) throws -> ProcessOutput {
    try ProcessRunner.run(try DeflateBenchExecutable.url.path, arguments: ["merge"] + arguments)
  }

  @Test func mergedShardsWriteTheFilesOfTheUnshardedRun() throws {
    let shards = try (1...3).map { try writeShard($0, of: 3) }
    let out = scratch.path("merged")
    let result = try merge(shards + ["--out", out])
    #expect(result.status == 0, "\(result.stderrText)")
    #expect(result.stderrText.contains("3 inputs, \(full.cells.count) cells, complete"))
    let merged = try ResultsDocument.load(from: URL(fileURLWithPath: out))
    #expect(merged.cells == full.cells)
    #expect(merged.complete)
    // The CSV has one row per cell and nothing from the context, so it matches byte for byte.
    let unsharded = scratch.url.appendingPathComponent("unsharded")
    try ResultsWriter.write(full, to: unsharded)
    let csv = { (folder: String) in try String(contentsOfFile: folder + "/results.csv", encoding: .utf8) }
    #expect(try csv(out) == csv(unsharded.path))
    #expect(FileManager.default.fileExists(atPath: out + "/report.md"))
  }

  @Test func aMissingShardIsMergedButReportedIncomplete() throws {
    let result = try merge([try writeShard(1, of: 2), "--out", scratch.path("merged")])
    #expect(result.status == 0)
    #expect(result.stderrText.contains("INCOMPLETE"))
    #expect(result.stderrText.contains("missing: 2/2"))
  }

  @Test func differentVersionsAreRefusedWithoutForce() throws {
    let first = try writeShard(1, of: 2)
    let second = try writeShard(2, of: 2) { $0.context.libraryVersions["zstd"] = "1.5.6" }
    let refused = try merge([first, second, "--out", scratch.path("merged")])
    #expect(refused.status == 65)
    #expect(refused.stderrText.contains("zstd has different versions"))
    #expect(refused.stderrText.contains("--force"))
    #expect(!FileManager.default.fileExists(atPath: scratch.path("merged")))
    let forced = try merge([first, second, "--out", scratch.path("merged"), "--force"])
    #expect(forced.status == 0)
    #expect(forced.stderrText.contains("Merged despite a conflict (--force)"))
  }

  @Test func aDuplicateCellExitsSixtyFive() throws {
    let first = try writeShard(1, of: 2)
    let second = try writeShard(2, of: 2) { $0.cells.append(self.full.cells[0]) }
    let result = try merge([first, second, "--out", scratch.path("merged"), "--force"])
    #expect(result.status == 65)
    #expect(result.stderrText.contains("in more than one input"))
  }

  @Test func usageAndMissingInputs() throws {
    let shard = try writeShard(1, of: 1)
    let noOut = try merge([shard])
    #expect(noOut.status == 64)
    #expect(noOut.stderrText.contains("--out is required"))
    #expect(try merge(["--out", scratch.path("merged")]).status == 64)
    let missing = try merge([scratch.path("nope"), "--out", scratch.path("merged")])
    #expect(missing.status == 66)
    #expect(missing.stderrText.contains(scratch.path("nope")))
  }
}
