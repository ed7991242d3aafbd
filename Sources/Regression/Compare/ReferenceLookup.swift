import DeflateBenchModel
import DeflateBenchResults

extension ReferenceCell {
  /// Whether `key` is a reference cell itself (any corpus, split and container).
  public func matches(_ key: CellKey) -> Bool {
    key.backend == backend && key.level == level && key.threads == threads
  }
}

/// Finds, for each cell of one run, the reference cell it is divided by in relative mode.
struct ReferenceLookup {
  private let reference: ReferenceCell
  private let cells: [CellKey: CellResult]
  /// The reference's working cells of each payload set (`corpus/split`), by container name.
  private let byPayloadSet: [String: [CellResult]]

  init(reference: ReferenceCell, cells: [CellKey: CellResult]) {
    self.reference = reference
    self.cells = cells
    var byPayloadSet: [String: [CellResult]] = [:]
    for (key, cell) in cells where reference.matches(key) && key.dictionary == nil && cell.error == nil {
      byPayloadSet["\(key.corpus)/\(key.split)", default: []].append(cell)
    }
    self.byPayloadSet = byPayloadSet.mapValues { $0.sorted { $0.container < $1.container } }
  }

  /// The reference cell for `key`: same corpus, split and container when the reference backend
  /// writes that container; otherwise its gzip, zlib or raw cell of the same corpus and split, in
  /// that order (zstd or brotli cells, whose containers zlib cannot write), and failing those its
  /// cell of that payload set in whatever container it writes (a zstd or brotli reference for
  /// DEFLATE cells, issue #39 N10), so every codec of a payload set is measured against one
  /// stable yardstick.
  func referenceCell(for key: CellKey) -> CellResult? {
    let containers = [key.container] + ["gzip", "zlib", "raw"].filter { $0 != key.container }
    for container in containers {
      let candidate = CellKey(
        corpus: key.corpus, split: key.split, backend: reference.backend, container: container,
        level: reference.level, threads: reference.threads)
      if let cell = cells[candidate], cell.error == nil { return cell }
    }
    return byPayloadSet["\(key.corpus)/\(key.split)"]?.first
  }

  /// The reference samples for `key` in `metric`, one per repetition, or nil when the run has no
  /// usable reference cell for it.
  func referenceSamples(for key: CellKey, metric: SpeedMetric) -> [Double]? {
    guard let cell = referenceCell(for: key) else { return nil }
    let samples = metric.samples(of: cell)
    return samples.contains { $0.isFinite && $0 > 0 } ? samples : nil
  }
}
