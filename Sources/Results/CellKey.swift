/// What identifies a cell across runs: the same key in a baseline and a current run means the
/// same measurement. Used by compare, merge and shards.
public struct CellKey: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
  public var corpus: String
  public var split: String
  public var backend: String
  public var container: String
  public var level: Int
  public var threads: Int

  public init(corpus: String, split: String, backend: String, container: String, level: Int, threads: Int) {
    self.corpus = corpus
    self.split = split
    self.backend = backend
    self.container = container
    self.level = level
    self.threads = threads
  }

  public var description: String {
    "\(corpus)/\(split) \(backend) \(container) level \(level) threads \(threads)"
  }

  public static func < (lhs: CellKey, rhs: CellKey) -> Bool {
    (lhs.corpus, lhs.split, lhs.backend, lhs.container, lhs.level, lhs.threads)
      < (rhs.corpus, rhs.split, rhs.backend, rhs.container, rhs.level, rhs.threads)
  }
}
