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

  /// Builds the matrix payload set x backend x level x container x threads.
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
    if let bad = settings.threads.first(where: { $0 < 1 }) { throw .invalidThreads(bad) }
    var labels = Set<String>()
    for set in payloadSets where !labels.insert(set.label).inserted { throw .duplicatePayloadSet(set.label) }
    guard !payloadSets.isEmpty else { throw .emptyMatrix("no corpus was given") }
    guard !backends.isEmpty else { throw .emptyMatrix("no backend was selected") }
    let threads = Array(Set(settings.threads)).sorted()
    guard !threads.isEmpty else { throw .emptyMatrix("no thread count was given") }

    var notes: [String] = []
    var candidates: [(cell: PlannedCell, skipReason: String?)] = []
    for backend in backends {
      guard let container = container(for: backend, requested: settings.container) else {
        notes.append(
          "\(backend.name) is left out: it cannot write the \(settings.container.rawValue) container "
            + "(it writes \(backend.containers.map(\.rawValue).joined(separator: ", ")))")
        continue
      }
      if container != settings.container {
        notes.append(
          "\(backend.name) writes its own \(container.rawValue) container: it is a reference codec, "
            + "compared as the alternative to \(settings.container.rawValue)")
      }
      let backendLevels = levels.levels(for: backend)
      if backendLevels.isEmpty {
        notes.append(
          "\(backend.name) is left out: it has none of the requested levels (its levels are "
            + "\(LevelList.describe(backend.levels)))")
        continue
      }
      for (setIndex, set) in payloadSets.enumerated() {
        let skipReason = skipReason(backend: backend, payloadSet: set)
        for level in backendLevels {
          for threadCount in threads {
            let key = CellKey(
              corpus: set.corpus, split: set.split, backend: backend.name, container: container.rawValue,
              level: level, threads: threadCount)
            let cell = PlannedCell(
              key: key, payloadSetIndex: setIndex, backend: backend, level: level, container: container,
              threads: threadCount)
            candidates.append((cell, skipReason))
          }
        }
      }
      let withDictionaries = try dictionaryCells(
        backend: backend, container: container, levels: backendLevels, threads: threads, payloadSets: payloadSets,
        dictionaries: dictionaries, notes: &notes)
      candidates += withDictionaries.map {
        ($0, skipReason(backend: $0.backend, payloadSet: payloadSets[$0.payloadSetIndex]))
      }
    }
    guard !candidates.isEmpty else { throw .emptyMatrix(notes.last ?? "no backend has a requested level") }

    // The shard is cut from the whole matrix, skipped cells included, so which shard a cell
    // lands in never depends on what this machine could measure.
    candidates.sort { $0.cell.key < $1.cell.key }
    var cells: [PlannedCell] = []
    var skipped: [SkippedCell] = []
    for (position, candidate) in candidates.enumerated()
    where settings.shard?.contains(position: position) ?? true {
      if let reason = candidate.skipReason {
        skipped.append(SkippedCell(key: candidate.cell.key, reason: reason))
      } else {
        cells.append(candidate.cell)
      }
    }
    return MeasurementPlan(
      payloadSets: payloadSets, cells: cells, skipped: skipped, notes: notes, shard: settings.shard)
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

  /// The container a backend writes in this run: the requested one when it can; its own for a
  /// reference codec that writes no DEFLATE container at all (zstd, brotli); nil for a DEFLATE
  /// backend that cannot write the requested framing, which is left out rather than silently
  /// compared in a different container.
  public static func container(for backend: any CompressionBackend, requested: Container) -> Container? {
    if backend.containers.contains(requested) { return requested }
    if !backend.containers.contains(where: \.isDeflate) { return backend.containers.first }
    return nil
  }

  /// The dictionary cells of one backend: for every payload set and each of its dictionaries, the
  /// same levels and thread counts as without one, in the dictionary container closest to the
  /// run's (zlib for a gzip run: gzip has no dictionary field; dcz for zstd).
  private static func dictionaryCells(
    backend: any CompressionBackend, container: Container, levels: [Int], threads: [Int], payloadSets: [PayloadSet],
    dictionaries: [[CompressionDictionary]], notes: inout [String]
  ) throws(PlanError) -> [PlannedCell] {
    var cells: [PlannedCell] = []
    var reported = Set<String>()
    for (setIndex, set) in payloadSets.enumerated() where setIndex < dictionaries.count {
      for dictionary in dictionaries[setIndex] {
        let bound: DictionaryBackend
        do throws(CodecError) {
          bound = try DictionaryBackend(backend, dictionary: dictionary)
        } catch {
          if reported.insert(dictionary.name).inserted {
            notes.append("\(backend.name) is left out of the cells with dictionary \(dictionary.name) (n/a): \(error)")
          }
          continue
        }
        let dictionaryContainer =
          container.isDeflate && bound.containers.contains(container) ? container : bound.containers[0]
        if dictionaryContainer == .raw, !notes.contains(CellVisit.rawDictionaryNote) {
          notes.append(CellVisit.rawDictionaryNote)
        }
        for level in levels {
          do throws(CodecError) {
            try bound.base.validate(dictionary: dictionary, level: level)
          } catch {
            throw .invalidDictionary("\(backend.name) level \(level): \(error)")
          }
          for threadCount in threads {
            let key = CellKey(
              corpus: set.corpus, split: set.split, backend: backend.name, container: dictionaryContainer.rawValue,
              level: level, threads: threadCount, dictionary: dictionary.name)
            cells.append(
              PlannedCell(
                key: key, payloadSetIndex: setIndex, backend: bound, level: level, container: dictionaryContainer,
                threads: threadCount, dictionary: dictionary))
          }
        }
      }
    }
    return cells
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
