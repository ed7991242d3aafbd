import DeflateBenchCodecs

/// One payload set of a run before it is made: its names, the dictionaries it is also measured
/// with, and how to make it. The matrix is planned from the names; the payloads are made when
/// the set's turn comes, so a run holds one set at a time.
public struct PreparedSet: Sendable {
  public let name: PayloadSetName
  /// `--dictionary` files first, then the corpus's own dictionary (a file, or one trained on a
  /// sample the set's measured payloads are not part of).
  public let dictionaries: [CompressionDictionary]
  /// Reads or generates the set. Runs when the set's turn comes, so it can fail then (a file
  /// deleted or changed since the run started); the set's cells then fail with the message.
  public let load: @Sendable () throws(CorpusError) -> PayloadSet

  public init(
    name: PayloadSetName, dictionaries: [CompressionDictionary] = [],
    load: @escaping @Sendable () throws(CorpusError) -> PayloadSet
  ) {
    self.name = name
    self.dictionaries = dictionaries
    self.load = load
  }

  public var label: String { name.label }
}
