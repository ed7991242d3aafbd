import DeflateBenchCodecs
import DeflateBenchCorpora
import DeflateBenchResults
import DeflateBenchSupport

/// One cell of the matrix: a payload set through one backend at one level, container and
/// thread count.
public struct PlannedCell: Sendable {
  public let key: CellKey
  /// Index into `MeasurementPlan.payloadSets`.
  public let payloadSetIndex: Int
  public let backend: any CompressionBackend
  public let level: Int
  public let container: Container
  public let threads: Int
  /// The dictionary `backend` (a `DictionaryBackend`) has loaded, for a dictionary cell.
  public var dictionary: CompressionDictionary? = nil
}

/// A cell of the matrix that will not be measured, and why (zopfli above its input limit).
public struct SkippedCell: Sendable, Equatable {
  public let key: CellKey
  public let reason: String
}

/// Why a matrix could not be built. Each case is a usage problem the user can fix.
public enum PlanError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No payload set, backend, level or thread count was left to measure.
  case emptyMatrix(String)
  /// Two payload sets have the same `corpus/split` label, so their cells would share keys.
  case duplicatePayloadSet(String)
  /// A thread count below 1.
  case invalidThreads(Int)
  /// A dictionary that cannot serve a selected backend and level (too large for its window, malformed).
  case invalidDictionary(String)

  public var description: String {
    switch self {
    case .emptyMatrix(let reason): "nothing to measure: \(reason)"
    case .duplicatePayloadSet(let label): "two payload sets are both named '\(label)'; give the corpora distinct names"
    case .invalidThreads(let count): "thread counts must be 1 or more, got \(count)"
    case .invalidDictionary(let message): message
    }
  }
}

/// The cells a run measures, decided before anything is timed so the run can say up front how
/// much work it has and refuse an empty or ambiguous matrix without leaving files behind.
public struct MeasurementPlan: Sendable {
  public let payloadSets: [PayloadSet]
  /// The cells to measure, sorted by key (the run shuffles them per repetition).
  public let cells: [PlannedCell]
  /// Cells of this shard that are not measured, with the reason.
  public let skipped: [SkippedCell]
  /// Decisions worth telling the user, such as a backend that has none of the requested levels.
  public let notes: [String]
  public let shard: Shard?

  /// Builds the matrix payload set x backend x level x container x threads for payload sets
  /// already made: `MatrixPlan`'s cells, with the cells a set cannot be measured in skipped.
  ///
  /// - Parameters:
  ///   - payloadSets: what to compress; each becomes its own rows.
  ///   - backends: which libraries, in any order.
  ///   - levels: resolved per backend; levels a backend does not have are dropped for it.
  ///   - settings: the container, thread counts and shard.
  ///   - dictionaries: per payload set (same order; missing entries mean none), the dictionaries
  ///     to measure it with in addition to none: each adds a cell beside every cell of a
  ///     dictionary-capable backend. Backends without a dictionary API are noted as "n/a".
  public static func make(
    payloadSets: [PayloadSet], backends: [any CompressionBackend], levels: LevelSelection, settings: RunSettings,
    dictionaries: [[CompressionDictionary]] = []
  ) throws(PlanError) -> MeasurementPlan {
    let matrix = try MatrixPlan(
      sets: payloadSets.map(\.name), backends: backends, levels: levels, settings: settings,
      dictionaries: dictionaries)
    return MeasurementPlan(measuring: payloadSets, cells: matrix.cells, notes: matrix.notes, shard: matrix.shard)
  }

  private init(payloadSets: [PayloadSet], cells: [PlannedCell], skipped: [SkippedCell], notes: [String], shard: Shard?)
  {
    self.payloadSets = payloadSets
    self.cells = cells
    self.skipped = skipped
    self.notes = notes
    self.shard = shard
  }

  /// The cells of `cells` (indexing `payloadSets`) that the sets can be measured in, and the
  /// others skipped with the reason.
  init(measuring payloadSets: [PayloadSet], cells planned: [PlannedCell], notes: [String], shard: Shard?) {
    var cells: [PlannedCell] = []
    var skipped: [SkippedCell] = []
    for cell in planned {
      if let reason = Self.skipReason(backend: cell.backend, payloadSet: payloadSets[cell.payloadSetIndex]) {
        skipped.append(SkippedCell(key: cell.key, reason: reason))
      } else {
        cells.append(cell)
      }
    }
    self.init(payloadSets: payloadSets, cells: cells, skipped: skipped, notes: notes, shard: shard)
  }

  /// Every payload set of the plan as the results file records it, measured or not.
  public var corpusRecords: [CorpusRecord] {
    payloadSets.map {
      CorpusRecord(
        name: $0.corpus, kind: $0.kind, split: $0.split, bytes: $0.totalBytes, payloads: $0.payloads.count,
        sha256: $0.sha256, notes: $0.notes.isEmpty ? nil : $0.notes,
        payloadSizes: $0.payloads.map(\.count), generator: $0.generator)
    }
  }

  /// What the results should warn about from the plan alone: backends left out of the matrix and
  /// cells skipped, each with its reason. Informational notes (a reference codec keeping its own
  /// container) are not warnings.
  public var warnings: [String] {
    notes.filter { $0.contains("is left out") } + skipped.map { "skipped \($0.key): \($0.reason)" }
  }

  private static func skipReason(backend: any CompressionBackend, payloadSet: PayloadSet) -> String? {
    if payloadSet.payloads.isEmpty { return "\(payloadSet.label) has no payloads" }
    guard let limit = backend.maxInputBytes else { return nil }
    let largest = payloadSet.payloads.map(\.count).max() ?? 0
    guard largest > limit else { return nil }
    return "\(backend.name) refuses inputs above \(limit) bytes and the largest payload of "
      + "\(payloadSet.label) has \(largest) bytes"
  }
}
