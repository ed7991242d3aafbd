import DeflateBenchCodecs
import DeflateBenchCorpora
import DeflateBenchResults
import DeflateBenchSupport

/// The whole matrix of a run, planned once from the payload sets' names before any set is made:
/// its cells depend only on names, backends, levels, settings and dictionaries. Validated up
/// front (an empty or ambiguous matrix, a dictionary a backend cannot take), and cut into the
/// shard. Each set's `MeasurementPlan` is these cells of the set, once it is made (`plan(forSet:loaded:)`).
public struct MatrixPlan: Sendable {
  public let sets: [PayloadSetName]
  /// The cells of this shard, sorted by key; `payloadSetIndex` indexes `sets`.
  public let cells: [PlannedCell]
  /// Decisions worth telling the user, such as a backend that has none of the requested levels.
  public let notes: [String]
  public let shard: Shard?

  /// - Parameters:
  ///   - sets: what to compress; each becomes its own rows.
  ///   - backends: which libraries, in any order.
  ///   - levels: resolved per backend; levels a backend does not have are dropped for it.
  ///   - settings: the container, thread counts and shard.
  ///   - dictionaries: per set (same order; missing entries mean none), the dictionaries to
  ///     measure it with in addition to none: each adds a cell beside every cell of a
  ///     dictionary-capable backend. Backends without a dictionary API are noted as "n/a".
  public init(
    sets: [PayloadSetName], backends: [any CompressionBackend], levels: LevelSelection, settings: RunSettings,
    dictionaries: [[CompressionDictionary]] = []
  ) throws(PlanError) {
    if let bad = settings.threads.first(where: { $0 < 1 }) { throw .invalidThreads(bad) }
    var labels = Set<String>()
    for set in sets where !labels.insert(set.label).inserted { throw .duplicatePayloadSet(set.label) }
    guard !sets.isEmpty else { throw .emptyMatrix("no corpus was given") }
    guard !backends.isEmpty else { throw .emptyMatrix("no backend was selected") }
    let threads = Array(Set(settings.threads)).sorted()
    guard !threads.isEmpty else { throw .emptyMatrix("no thread count was given") }

    var notes: [String] = []
    var candidates: [PlannedCell] = []
    for backend in backends {
      guard let container = Self.container(for: backend, requested: settings.container) else {
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
      for (setIndex, set) in sets.enumerated() {
        for level in backendLevels {
          for threadCount in threads {
            let key = CellKey(
              corpus: set.corpus, split: set.split, backend: backend.name, container: container.rawValue,
              level: level, threads: threadCount)
            candidates.append(
              PlannedCell(
                key: key, payloadSetIndex: setIndex, backend: backend, level: level, container: container,
                threads: threadCount))
          }
        }
      }
      candidates += try Self.dictionaryCells(
        backend: backend, container: container, levels: backendLevels, threads: threads, sets: sets,
        dictionaries: dictionaries, notes: &notes)
    }
    guard !candidates.isEmpty else { throw .emptyMatrix(notes.last ?? "no backend has a requested level") }

    // The shard is cut from the whole matrix, cells a set will skip included, so which shard a
    // cell lands in never depends on what this machine could measure.
    candidates.sort { $0.key < $1.key }
    self.sets = sets
    self.cells = candidates.enumerated().filter { settings.shard?.contains(position: $0.offset) ?? true }.map(\.element)
    self.notes = notes
    self.shard = settings.shard
  }

  /// What the results should warn about from the matrix alone: backends left out, with the
  /// reason. Informational notes (a reference codec keeping its own container) are not warnings.
  public var warnings: [String] { notes.filter { $0.contains("is left out") } }

  /// The plan of set `index` once it is made: the matrix's cells of that set, with those the
  /// set cannot be measured in (zopfli above its input limit, an empty set) skipped.
  public func plan(forSet index: Int, loaded set: PayloadSet) -> MeasurementPlan {
    let setCells = cells.filter { $0.payloadSetIndex == index }.map { $0.inSet(0) }
    return MeasurementPlan(measuring: [set], cells: setCells, notes: notes, shard: shard)
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

  /// The dictionary cells of one backend: for every set and each of its dictionaries, the same
  /// levels and thread counts as without one, in the dictionary container closest to the run's
  /// (zlib for a gzip run: gzip has no dictionary field; dcz for zstd).
  private static func dictionaryCells(
    backend: any CompressionBackend, container: Container, levels: [Int], threads: [Int], sets: [PayloadSetName],
    dictionaries: [[CompressionDictionary]], notes: inout [String]
  ) throws(PlanError) -> [PlannedCell] {
    var cells: [PlannedCell] = []
    var reported = Set<String>()
    for (setIndex, set) in sets.enumerated() where setIndex < dictionaries.count {
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
}

extension PlannedCell {
  /// The same cell in a plan whose payload sets are numbered differently.
  func inSet(_ index: Int) -> PlannedCell {
    var cell = PlannedCell(
      key: key, payloadSetIndex: index, backend: backend, level: level, container: container, threads: threads)
    cell.dictionary = dictionary
    return cell
  }
}
