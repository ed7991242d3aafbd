/// What identifies a cell across runs: the same key in a baseline and a current run means the
/// same measurement. Used by compare, merge and shards.
public struct CellKey: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
  public var corpus: String
  public var split: String
  public var backend: String
  public var container: String
  public var level: Int
  public var threads: Int
  /// The dictionary's name for a dictionary cell, nil for the cell without one.
  public var dictionary: String?

  public init(
    corpus: String, split: String, backend: String, container: String, level: Int, threads: Int,
    dictionary: String? = nil
  ) {
    self.corpus = corpus
    self.split = split
    self.backend = backend
    self.container = container
    self.level = level
    self.threads = threads
    self.dictionary = dictionary
  }

  public var description: String {
    "\(corpus)/\(split) \(backend) \(container) level \(level) threads \(threads)"
      + (dictionary.map { " dictionary \($0)" } ?? "")
  }

  public static func < (lhs: CellKey, rhs: CellKey) -> Bool {
    if (lhs.corpus, lhs.split, lhs.backend) != (rhs.corpus, rhs.split, rhs.backend) {
      return (lhs.corpus, lhs.split, lhs.backend) < (rhs.corpus, rhs.split, rhs.backend)
    }
    // A dictionary cell sorts right after the same setting without one.
    return (lhs.dictionary ?? "", lhs.container, lhs.level, lhs.threads)
      < (rhs.dictionary ?? "", rhs.container, rhs.level, rhs.threads)
  }
}
