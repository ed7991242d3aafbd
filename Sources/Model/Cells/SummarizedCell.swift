import DeflateBenchResults

/// A cell with its sample summaries computed once. Every report format reads figures from here, so
/// the CSV, the Markdown and the console picks can never disagree about a headline or an interval.
public struct SummarizedCell: Sendable, Equatable {
  public let cell: CellResult
  public let compress: SampleSummary?
  public let compressCPU: SampleSummary?
  public let decompress: SampleSummary?
  public let cold: SampleSummary?
  /// The warm call on the cold payload, the figure `cold` is compared with; nil in older files.
  public let warmCall: SampleSummary?
  /// The cold call's extra over the warm call with its class: the run's own figure, or for a file
  /// written before runs recorded it, the same rule applied to its samples.
  public let coldExtra: ColdExtra?

  public init(_ cell: CellResult) {
    self.cell = cell
    compress = cell.compressSummary
    compressCPU = cell.compressCPUSummary
    decompress = cell.decompressSummary
    cold = cell.coldSummary
    warmCall = cell.warmCallSamplesMicroseconds.flatMap { SampleSummary($0, bootstrap: nil) }
    coldExtra = cell.coldExtra ?? ColdExtra(cell)
  }

  /// The headline compression speed when the cell may be ranked: measured, without error.
  public var rankableSpeed: Double? { cell.isMeasured ? compress?.headline : nil }

  /// Summarizes every cell of a document in the order reports list them: by cell key (corpus,
  /// split, backend, container, level, threads), so two runs' files line up in a diff.
  public static func all(_ document: ResultsDocument) -> [SummarizedCell] {
    document.cells.sorted { $0.key < $1.key }.map(SummarizedCell.init)
  }
}

/// The cells of one payload set (a corpus cut one way), the unit each report table covers.
public struct PayloadSetCells: Sendable {
  public let corpus: String
  public let split: String
  public let cells: [SummarizedCell]

  public var label: String { "\(corpus)/\(split)" }

  /// Groups cells by payload set, in the order the document's corpus records list them (the
  /// configuration's order); payload sets with cells but no record follow, sorted.
  public static func grouped(_ cells: [SummarizedCell], corpora: [CorpusRecord]) -> [PayloadSetCells] {
    var byLabel: [String: [SummarizedCell]] = [:]
    for cell in cells { byLabel[cell.cell.payloadSetLabel, default: []].append(cell) }
    var order: [String] = []
    var listed = Set<String>()
    for record in corpora {
      let label = "\(record.name)/\(record.split)"
      if byLabel[label] != nil && listed.insert(label).inserted { order.append(label) }
    }
    order += byLabel.keys.filter { !listed.contains($0) }.sorted()
    return order.compactMap { label in
      guard let members = byLabel[label], let first = members.first?.cell else { return nil }
      return PayloadSetCells(corpus: first.corpus, split: first.split, cells: members)
    }
  }

  /// The lowest thread count in the set: picks compare settings at equal parallelism, and the
  /// single-thread figures are the ones a per-request upload sees.
  public var baseThreads: Int? { cells.map(\.cell.threads).min() }
}
