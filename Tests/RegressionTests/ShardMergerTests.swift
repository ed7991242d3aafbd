import DeflateBenchMeasurement
import DeflateBenchRegression
import DeflateBenchResults
import TestSupport
import Testing

@Suite("merge: shards back into one run")
struct ShardMergerTests {
  /// An unsharded run, cells sorted by key as the runner writes them.
  let full: ResultsDocument = {
    var document = makeFixtureDocument(uploadLink: nil)
    document.cells.sort { $0.key < $1.key }
    document.context.commandLine = "deflate-bench run --config Corpora/ci.json --out all"
    return document
  }()

  /// Shard `index` of `count`, cut the way the runner cuts it.
  func shard(_ index: Int, of count: Int) -> ResultsDocument {
    let shard = Shard(index: index, count: count)!
    let keys = Set(shard.select(full.cells.map(\.key)))
    var document = full
    document.cells = full.cells.filter { keys.contains($0.key) }
    document.context.shard = shard.description
    document.context.commandLine = "deflate-bench run --config Corpora/ci.json --shard \(shard) --out shard-\(index)"
    return document
  }

  @Test(arguments: [2, 3])
  func mergedShardsEqualTheUnshardedRunCellForCell(count: Int) throws {
    let shards = (1...count).map { shard($0, of: count) }
    #expect(shards.allSatisfy { !$0.cells.isEmpty && $0.cells.count < full.cells.count })
    // Any order of inputs gives the same document.
    let merged = try ShardMerger.merge(shards.reversed())
    #expect(merged.cells == full.cells)
    #expect(merged.corpora == full.corpora)
    #expect(merged.complete)
    #expect(merged.context.shard == nil)
    #expect(merged.context.libraryVersions == full.context.libraryVersions)
    #expect(merged.context.commandLine == "deflate-bench run --config Corpora/ci.json --out shard-1")
    #expect(merged.warnings == full.warnings)
  }

  @Test("one run merged alone keeps its wall time and peak; several shards' are not one run's")
  func runCostSurvivesOnlyASingleRun() throws {
    var alone = full
    alone.context.runWallSeconds = 12.5
    alone.context.peakResidentBytes = 64 << 20
    let kept = try ShardMerger.merge([alone]).context
    #expect(kept.runWallSeconds == 12.5 && kept.peakResidentBytes == 64 << 20)
    let shards = [shard(1, of: 2), shard(2, of: 2)].map { document in
      var timed = document
      timed.context.runWallSeconds = 6
      timed.context.peakResidentBytes = 32 << 20
      return timed
    }
    let merged = try ShardMerger.merge(shards).context
    #expect(merged.runWallSeconds == nil && merged.peakResidentBytes == nil)
  }

  @Test func aMissingShardMakesTheMergeIncomplete() throws {
    let merged = try ShardMerger.merge([shard(1, of: 3), shard(3, of: 3)])
    #expect(!merged.complete)
    #expect(merged.warnings.contains("Merged 2 of 3 shards; missing: 2/3."))
  }

  @Test func anIncompleteShardMakesTheMergeIncomplete() throws {
    var second = shard(2, of: 2)
    second.complete = false
    #expect(try !ShardMerger.merge([shard(1, of: 2), second]).complete)
  }

  @Test func differentLibraryVersionsAreRefusedUnlessForced() throws {
    var second = shard(2, of: 2)
    second.context.libraryVersions["zlib"] = "1.3.1"
    do {
      _ = try ShardMerger.merge([shard(1, of: 2), second])
      Issue.record("the merge should have been refused")
    } catch {
      guard case .conflictingContexts(let conflicts) = error else {
        Issue.record("unexpected error \(error)")
        return
      }
      #expect(conflicts == ["zlib has different versions (shard 1/2: 1.3, shard 2/2: 1.3.1)"])
      #expect(error.isOverridable)
    }
    let forced = try ShardMerger.merge([shard(1, of: 2), second], force: true)
    #expect(forced.cells.count == full.cells.count)
    #expect(
      forced.warnings.contains { $0.hasPrefix("Merged despite a conflict (--force): zlib has different versions") })
  }

  @Test func differentCorpusHashesAreRefused() {
    var second = shard(2, of: 2)
    second.corpora[0].sha256 = String(repeating: "e", count: 64)
    #expect(throws: MergeError.self) { try ShardMerger.merge([shard(1, of: 2), second]) }
  }

  @Test func differentRunSettingsAreRefused() {
    var second = shard(2, of: 2)
    second.context.repetitions = 3
    #expect(throws: MergeError.self) { try ShardMerger.merge([shard(1, of: 2), second]) }
  }

  @Test func aDuplicateCellIsAnErrorEvenWhenForced() {
    var second = shard(2, of: 2)
    second.cells.append(shard(1, of: 2).cells[0])
    #expect(throws: MergeError.duplicateCells([shard(1, of: 2).cells[0].key])) {
      try ShardMerger.merge([shard(1, of: 2), second], force: true)
    }
  }

  @Test func shardLabelsMustFitTogether() {
    #expect(throws: MergeError.invalidShards("shard 1/2 is given more than once")) {
      var other = shard(1, of: 2)
      other.cells = []
      return try ShardMerger.merge([shard(1, of: 2), other])
    }
    #expect(throws: MergeError.self) { try ShardMerger.merge([shard(1, of: 2), shard(2, of: 3)]) }
    #expect(throws: MergeError.self) {
      var whole = shard(2, of: 2)
      whole.context.shard = nil
      return try ShardMerger.merge([shard(1, of: 2), whole])
    }
    #expect(throws: MergeError.noInputs) { try ShardMerger.merge([]) }
  }

  @Test func shardsFromDifferentMachinesAreMergedWithAWarning() throws {
    var second = shard(2, of: 2)
    second.context.cpuModel = "Other CPU"
    let merged = try ShardMerger.merge([shard(1, of: 2), second])
    #expect(merged.complete)
    #expect(merged.warnings.contains { $0.hasPrefix("The shards ran on 2 different machines") })
  }
}
