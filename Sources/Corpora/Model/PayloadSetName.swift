/// A payload set's names, known before its payloads are made: what the matrix is planned from
/// and what its cells are keyed by.
public struct PayloadSetName: Sendable, Hashable {
  /// The corpus name from the configuration (or the file name of a `--corpus` path).
  public let corpus: String
  /// The corpus kind: `file`, `directory`, `glob`, `json-events`, `binary`, `har`.
  public let kind: String
  /// How the corpus was cut, as written in reports: `whole`, `bytes=65536`, `events=50`, `lines=100`.
  public let split: String

  public init(corpus: String, kind: String, split: String) {
    self.corpus = corpus
    self.kind = kind
    self.split = split
  }

  /// A stable identifier for reports and cell keys: `corpus/split`.
  public var label: String { "\(corpus)/\(split)" }
}

extension PayloadSet {
  public var name: PayloadSetName { PayloadSetName(corpus: corpus, kind: kind, split: split) }
}

extension CorpusDefinition {
  /// The names of the payload set `makePayloadSet(split:)` makes.
  public func setName(_ split: PayloadSplit) -> PayloadSetName {
    PayloadSetName(corpus: name, kind: kind.rawValue, split: split.description)
  }
}
