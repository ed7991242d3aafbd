import DeflateBenchMeasurement
import DeflateBenchResults

/// Combines the results of the shards of one run (`run --shard K/N`) into the document an
/// unsharded run would have written: every cell once, the corpora and library versions of all
/// shards, and `complete` only when every shard finished and none is missing.
public enum ShardMerger {
  /// - Parameters:
  ///   - documents: the shards' results, in any order.
  ///   - force: merge even when the shards disagree on library versions, corpus hashes or run
  ///     settings; each disagreement is then recorded in the merged document's warnings.
  /// - Throws: `MergeError`; see its cases.
  public static func merge(_ documents: [ResultsDocument], force: Bool = false) throws(MergeError) -> ResultsDocument {
    guard let first = documents.first else { throw .noInputs }
    let shards = try shardSet(documents)
    let ordered = documents.sorted { shardIndex($0) < shardIndex($1) }

    let conflicts = ContextConflicts.find(ordered)
    if !conflicts.isEmpty && !force { throw .conflictingContexts(conflicts) }

    var seen: Set<CellKey> = []
    var duplicates: [CellKey] = []
    for document in ordered {
      for cell in document.cells where !seen.insert(cell.key).inserted { duplicates.append(cell.key) }
    }
    guard duplicates.isEmpty else { throw .duplicateCells(duplicates.sorted()) }
    // An unsharded run lists its cells sorted by key (the plan's order), so sorting rebuilds it
    // exactly, whichever shards skipped which cells.
    let cells = ordered.flatMap(\.cells).sorted { $0.key < $1.key }

    var warnings = unique(ordered.flatMap(\.warnings))
    warnings += conflicts.map { "Merged despite a conflict (--force): \($0)" }
    let fingerprints = unique(ordered.map(\.context.machineFingerprint))
    if fingerprints.count > 1 {
      warnings.append(
        "The shards ran on \(fingerprints.count) different machines (\(fingerprints.joined(separator: "; "))): "
          + "absolute speeds of cells from different shards are not comparable, and in relative mode a cell and "
          + "its reference may come from different machines.")
    }
    let complete = ordered.allSatisfy(\.complete) && (shards?.isWhole ?? true)
    if let shards, !shards.isWhole {
      warnings.append("Merged \(shards.present.count) of \(shards.count) shards; missing: \(shards.missingText).")
    }

    return ResultsDocument(
      schemaVersion: ordered.map(\.schemaVersion).max() ?? first.schemaVersion, complete: complete,
      context: mergedContext(ordered), corpora: mergedCorpora(ordered), cells: cells, warnings: warnings)
  }

  // MARK: - Shards

  struct ShardSet {
    var count: Int
    /// The shard indices given, ascending.
    var present: [Int]

    var isWhole: Bool { present == Array(1...count) }
    var missingText: String {
      Set(1...count).subtracting(present).sorted().map { "\($0)/\(count)" }.joined(separator: ", ")
    }
  }

  /// The shard labels of the inputs, checked: all `K/N` with the same N and no K twice, or none
  /// at all (merging whole runs of disjoint cells). Nil in the second case.
  static func shardSet(_ documents: [ResultsDocument]) throws(MergeError) -> ShardSet? {
    let raw = documents.map(\.context.shard)
    if raw.allSatisfy({ $0 == nil }) { return nil }
    guard raw.allSatisfy({ $0 != nil }) else {
      throw .invalidShards("some inputs are shards and some are whole runs")
    }
    var labels: [Shard] = []
    for text in raw.compactMap({ $0 }) {
      guard let label = Shard.parse(text) else { throw .invalidShards("'\(text)' is not a shard label K/N") }
      labels.append(label)
    }
    let counts = Set(labels.map(\.count))
    guard counts.count == 1, let count = counts.first else {
      throw .invalidShards(
        "the inputs split the run differently (\(labels.map(\.description).joined(separator: ", ")))")
    }
    let indices = labels.map(\.index).sorted()
    if let repeated = zip(indices, indices.dropFirst()).first(where: { $0 == $1 }) {
      throw .invalidShards("shard \(repeated.0)/\(count) is given more than once")
    }
    return ShardSet(count: count, present: indices)
  }

  private static func shardIndex(_ document: ResultsDocument) -> Int {
    document.context.shard.flatMap(Shard.parse)?.index ?? 0
  }

  // MARK: - Context and corpora

  /// The first shard's context with what the merged run as a whole ran with: the earliest start,
  /// every library, no shard label, the command line without `--shard`, and no run time or peak
  /// unless it is one run.
  private static func mergedContext(_ documents: [ResultsDocument]) -> RunContext {
    var context = documents[0].context
    context.date = documents.map(\.context.date).min() ?? context.date
    for document in documents.dropFirst() {
      context.libraryVersions.merge(document.context.libraryVersions) { kept, _ in kept }
    }
    context.shard = nil
    context.commandLine = CommandLineText.removingShardOption(from: context.commandLine)
    // One process's time and peak; several shards' are not one run's.
    if documents.count > 1 {
      context.runWallSeconds = nil
      context.peakResidentBytes = nil
    }
    return context
  }

  private static func mergedCorpora(_ documents: [ResultsDocument]) -> [CorpusRecord] {
    var records: [CorpusRecord] = []
    var seen: Set<String> = []
    for record in documents.flatMap(\.corpora) where seen.insert("\(record.name)\u{0}\(record.split)").inserted {
      records.append(record)
    }
    return records
  }

  private static func unique(_ values: [String]) -> [String] {
    var seen: Set<String> = []
    return values.filter { seen.insert($0).inserted }
  }
}
