import DeflateBenchResults
import Foundation
import TestSupport
import Testing

/// The sharding contract end to end with real measurements: `run --shard 1/2` and `2/2`, merged,
/// hold exactly the cells and compressed sizes of the unsharded run, and compare clean against it.
@Suite("merge of real sharded runs")
struct MergeShardedRunTests {
  let scratch: ScratchDirectory

  init() throws {
    scratch = try ScratchDirectory("sharded")
  }

  /// A quick debug run: two generated corpora, three backends at two levels, twelve cells, zstd
  /// among them so relative mode also meets a container zlib cannot write.
  func run(out: String, shard: String?) throws {
    var arguments = [
      "run", "--allow-debug", "--quick", "--quiet", "--corpus", "json-events:mixpanel:events=20",
      "--corpus", "binary:records:bytes=16384", "--backends", "zlib,libdeflate,zstd", "--levels", "1,6", "--out", out,
    ]
    if let shard { arguments += ["--shard", shard] }
    let result = try deflateBench(arguments)
    try #require(result.status == 0, "run \(shard ?? "unsharded") failed: \(result.stderrText)")
  }

  @Test func shardsMergedEqualTheUnshardedRunCellForCell() throws {
    let full = scratch.path("full")
    try run(out: full, shard: nil)
    try run(out: scratch.path("shard-1"), shard: "1/2")
    try run(out: scratch.path("shard-2"), shard: "2/2")
    let merged = scratch.path("merged")
    let merge = try deflateBench(["merge", scratch.path("shard-2"), scratch.path("shard-1"), "--out", merged])
    #expect(merge.status == 0, "\(merge.stderrText)")

    let whole = try ResultsDocument.load(from: URL(fileURLWithPath: full))
    let parts = try [1, 2].map { try ResultsDocument.load(from: URL(fileURLWithPath: scratch.path("shard-\($0)"))) }
    let joined = try ResultsDocument.load(from: URL(fileURLWithPath: merged))
    #expect(parts.allSatisfy { !$0.cells.isEmpty && $0.cells.count < whole.cells.count })
    #expect(joined.complete && joined.context.shard == nil)
    #expect(joined.cells.map(\.key) == whole.cells.map(\.key))
    #expect(joined.cells.map(\.outputBytes) == whole.cells.map(\.outputBytes))
    #expect(joined.cells.map(\.inputBytes) == whole.cells.map(\.inputBytes))
    #expect(joined.corpora == whole.corpora)
    // The verdict is computed again over every cell: as many rows as the whole run's (the picks
    // themselves depend on speeds, which differ between the runs).
    #expect(joined.model?.links == whole.model?.links)
    #expect(joined.verdict?.count == whole.verdict?.count && (joined.verdict?.isEmpty == false))
    for file in ["results.csv", "report.md"] {
      #expect(FileManager.default.fileExists(atPath: merged + "/" + file), "\(file)")
    }

    // Sizes gate exactly; speeds of a debug build on a shared machine only loosely, on CPU time.
    let compare = try deflateBench([
      "compare", full, merged, "--relative", "--metric", "compress-cpu", "--threshold", "50",
    ])
    #expect(compare.status == 0, "\(compare.stdoutText)")
  }
}
