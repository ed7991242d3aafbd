import DeflateBenchResults

/// Everything a run measured, ready to become a `ResultsDocument`.
public struct RunOutcome: Sendable {
  /// Every cell with at least one sample or a failure, sorted by key.
  public var cells: [CellResult]
  /// Every payload set of the plan, measured or not, with its hash.
  public var corpora: [CorpusRecord]
  public var skipped: [SkippedCell]
  /// Skipped cells and left-out backends, in words.
  public var warnings: [String]
  /// False when the run was interrupted before every cell had every sample.
  public var complete: Bool

  /// Cells that did not round-trip or whose library failed: any one fails the run.
  public var failedCells: [CellResult] { cells.filter { !$0.verified || $0.error != nil } }

  public init(
    cells: [CellResult], corpora: [CorpusRecord], skipped: [SkippedCell], warnings: [String], complete: Bool
  ) {
    self.cells = cells
    self.corpora = corpora
    self.skipped = skipped
    self.warnings = warnings
    self.complete = complete
  }

  /// The results file's contents, with the environment's warnings placed before the run's own.
  public func document(context: RunContext, extraWarnings: [String] = []) -> ResultsDocument {
    ResultsDocument(
      complete: complete, context: context, corpora: corpora, cells: cells, warnings: extraWarnings + warnings)
  }
}
