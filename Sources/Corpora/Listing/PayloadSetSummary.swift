/// What `deflate-bench corpora` lists for one payload set.
public struct PayloadSetSummary: Sendable, Equatable {
  /// The corpus name.
  public var name: String
  /// The corpus kind: `file`, `directory`, `glob`, `json-events`, `binary`, `har`.
  public var kind: String
  /// The split label: `whole`, `events=50`, `bytes=65536`, `lines=100`.
  public var split: String
  /// Total bytes over all payloads.
  public var bytes: Int
  /// Number of payloads (request bodies).
  public var payloads: Int
  /// The smallest and largest payload in bytes.
  public var minPayloadBytes: Int
  public var maxPayloadBytes: Int
  /// Hex SHA-256 of all payloads concatenated, as in `PayloadSet.sha256`.
  public var sha256: String
  /// Where the payloads came from, as `PayloadSet.notes` (HAR endpoints and bodiless requests);
  /// absent from JSON when empty.
  public var notes: [String]?

  public init(_ set: PayloadSet) {
    name = set.corpus
    kind = set.kind
    split = set.split
    bytes = set.totalBytes
    payloads = set.payloads.count
    minPayloadBytes = set.payloads.map(\.count).min() ?? 0
    maxPayloadBytes = set.payloads.map(\.count).max() ?? 0
    sha256 = set.sha256
    notes = set.notes.isEmpty ? nil : set.notes
  }
}

extension CorpusConfiguration {
  /// One summary per payload set. Sets are made and summarized one at a time, so listing a
  /// large configuration needs the memory of its largest set only.
  public func summaries(seedOverride: UInt64? = nil) throws(CorpusError) -> [PayloadSetSummary] {
    var summaries: [PayloadSetSummary] = []
    for (corpus, split) in plan {
      summaries.append(PayloadSetSummary(try corpus.makePayloadSet(split: split, seedOverride: seedOverride)))
    }
    return summaries
  }
}
