import DeflateBenchResults

/// Finds where shards disagree on what makes their figures comparable: the library versions,
/// the corpus bytes, and the run settings every shard of one run shares.
enum ContextConflicts {
  /// One sentence per disagreement, naming the shards and the values; empty when they agree.
  static func find(_ documents: [ResultsDocument]) -> [String] {
    libraryVersions(documents) + corpusHashes(documents) + settings(documents)
  }

  private static func name(_ document: ResultsDocument, _ position: Int) -> String {
    document.context.shard.map { "shard \($0)" } ?? "input \(position + 1)"
  }

  private static func libraryVersions(_ documents: [ResultsDocument]) -> [String] {
    var versions: [String: [(String, String)]] = [:]
    for (position, document) in documents.enumerated() {
      var perBackend = document.context.libraryVersions
      // Cells carry their own version too; a shard whose context omits a backend still counts.
      for cell in document.cells where perBackend[cell.backend] == nil { perBackend[cell.backend] = cell.version }
      for (backend, version) in perBackend {
        versions[backend, default: []].append((name(document, position), version))
      }
    }
    return versions.keys.sorted().compactMap { backend in
      let entries = versions[backend]!
      guard Set(entries.map(\.1)).count > 1 else { return nil }
      return "\(backend) has different versions (" + entries.map { "\($0.0): \($0.1)" }.joined(separator: ", ") + ")"
    }
  }

  private static func corpusHashes(_ documents: [ResultsDocument]) -> [String] {
    var hashes: [String: [(String, String)]] = [:]
    for (position, document) in documents.enumerated() {
      for record in document.corpora {
        hashes["\(record.name)/\(record.split)", default: []].append((name(document, position), record.sha256))
      }
    }
    return hashes.keys.sorted().compactMap { corpus in
      let entries = hashes[corpus]!
      guard Set(entries.map(\.1)).count > 1 else { return nil }
      return "corpus \(corpus) has different SHA-256 ("
        + entries.map { "\($0.0): \($0.1.prefix(12))..." }.joined(separator: ", ") + ")"
    }
  }

  /// Settings that change what a sample means. The machine is not among them: spreading shards
  /// over machines is the point of sharding, and the merge records it as a warning instead.
  private static func settings(_ documents: [ResultsDocument]) -> [String] {
    let fields: [(String, (RunContext) -> String)] = [
      ("repetitions", { "\($0.repetitions)" }),
      ("minimum time", { "\($0.minTimeSeconds) s" }),
      ("batches per sample", { "\($0.batchesPerSample ?? 1)" }),
      ("seed", { "\($0.seed)" }),
      ("build configuration", { $0.buildConfiguration }),
      ("project version", { $0.projectVersion }),
    ]
    return fields.compactMap { label, value in
      let values = documents.enumerated().map { (name($1, $0), value($1.context)) }
      guard Set(values.map(\.1)).count > 1 else { return nil }
      return "the \(label) differs (" + values.map { "\($0.0): \($0.1)" }.joined(separator: ", ") + ")"
    }
  }
}
