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

  init(reference: ReferenceCell, cells: [CellKey: CellResult]) {
    self.reference = reference
    self.cells = cells
  }

  /// The reference cell for `key`: same corpus, split and container when the reference backend
  /// writes that container; otherwise (zstd or brotli cells, whose containers zlib cannot write)
  /// the reference backend's gzip, zlib or raw cell of the same corpus and split, in that order,
  /// so every codec of a payload set is measured against one stable yardstick.
  func referenceCell(for key: CellKey) -> CellResult? {
    let containers = [key.container] + ["gzip", "zlib", "raw"].filter { $0 != key.container }
    for container in containers {
      let candidate = CellKey(
        corpus: key.corpus, split: key.split, backend: reference.backend, container: container,
        level: reference.level, threads: reference.threads)
      if let cell = cells[candidate], cell.error == nil { return cell }
    }
    return nil
  }

  /// The reference samples for `key` in `metric`, one per repetition, or nil when the run has no
  /// usable reference cell for it.
  func referenceSamples(for key: CellKey, metric: SpeedMetric) -> [Double]? {
    guard let cell = referenceCell(for: key) else { return nil }
    let samples = metric.samples(of: cell)
    return samples.contains { $0.isFinite && $0 > 0 } ? samples : nil
  }
}
