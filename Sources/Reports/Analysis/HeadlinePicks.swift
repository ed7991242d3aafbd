import DeflateBenchMeasurement

/// The three settings a reader asks for first, for one payload set.
///
/// Only cells that can be recommended compete: measured without error, verified, at the set's
/// lowest thread count (normally 1, what one upload request gets), and shrinking the data at all
/// (ratio above 1, which leaves out "stored" levels such as zlib 0 that would otherwise win
/// "fastest" by copying bytes).
///
/// - smallest: the highest ratio; ties go to the faster cell.
/// - fastest: the highest median compression speed; ties go to the higher ratio.
/// - best balance: the highest ratio among cells compressing at least half as fast as the
///   fastest cell (`balanceSpeedFraction`); ties go to the faster cell. Read it as "the most
///   compression you can have for at most twice the compression time of the quickest setting". It is
///   always on the Pareto frontier: a cell beating it on both axes would also clear the speed bar
///   and win. The rule needs no link speed, so it holds before any upload is modelled.
public struct HeadlinePicks: Sendable, Equatable {
  /// The share of the fastest cell's speed a "best balance" cell must reach.
  public static let balanceSpeedFraction = 0.5

  public let smallest: SummarizedCell?
  public let fastest: SummarizedCell?
  public let balance: SummarizedCell?

  /// Picks from the cells of one payload set.
  public init(_ cells: [SummarizedCell]) {
    let eligible = Self.eligible(cells)
    let smallest = eligible.max { Self.byRatioThenSpeed($0, $1) }
    let fastest = eligible.max { Self.bySpeedThenRatio($0, $1) }
    self.smallest = smallest?.cell
    self.fastest = fastest?.cell
    let bar = (fastest?.speed ?? 0) * Self.balanceSpeedFraction
    balance = eligible.filter { $0.speed >= bar }.max { Self.byRatioThenSpeed($0, $1) }?.cell
  }

  /// True when no cell qualified.
  public var isEmpty: Bool { smallest == nil }

  private struct Candidate {
    let cell: SummarizedCell
    let speed: Double
    var ratio: Double { cell.cell.ratio }
    var key: CellKey { cell.cell.key }
  }

  private static func eligible(_ cells: [SummarizedCell]) -> [Candidate] {
    let candidates = cells.compactMap { cell -> Candidate? in
      guard let speed = cell.rankableSpeed, cell.cell.verified, cell.cell.ratio > 1 else { return nil }
      return Candidate(cell: cell, speed: speed)
    }
    guard let threads = candidates.map(\.cell.cell.threads).min() else { return [] }
    return candidates.filter { $0.cell.cell.threads == threads }
  }

  // "Less than" orderings for `max(by:)`; the final key comparison makes the pick deterministic
  // (the lower key wins a complete tie) whatever order the cells arrive in.
  private static func byRatioThenSpeed(_ a: Candidate, _ b: Candidate) -> Bool {
    if a.ratio != b.ratio { return a.ratio < b.ratio }
    if a.speed != b.speed { return a.speed < b.speed }
    return b.key < a.key
  }

  private static func bySpeedThenRatio(_ a: Candidate, _ b: Candidate) -> Bool {
    if a.speed != b.speed { return a.speed < b.speed }
    if a.ratio != b.ratio { return a.ratio < b.ratio }
    return b.key < a.key
  }
}

/// One line per payload set naming its three picks, for the console at the end of a run:
/// `twitter/whole: smallest zopfli gzip 15 (ratio 7.12, 0.95 MB/s) · fastest ...`.
public func headlinePicks(_ document: ResultsDocument) -> [String] {
  PayloadSetCells.grouped(SummarizedCell.all(document), corpora: document.corpora).map { set in
    let picks = HeadlinePicks(set.cells)
    guard let smallest = picks.smallest, let fastest = picks.fastest, let balance = picks.balance else {
      return "\(set.label): no verified cell that compresses to pick from"
    }
    return "\(set.label): smallest \(CellText.briefWithFigures(smallest))"
      + " · fastest \(CellText.briefWithFigures(fastest))"
      + " · best balance \(CellText.briefWithFigures(balance))"
  }
}
