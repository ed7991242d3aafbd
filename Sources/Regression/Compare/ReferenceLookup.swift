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

/// Puts a cell's samples in units of its reference.
enum ReferenceScaling {
  /// Each sample divided by the reference's sample of the same repetition when both have one
  /// sample per repetition: the runner visits every cell once per repetition, so the two were
  /// measured minutes apart at most, under much the same load, and a busy spell that slows both
  /// cancels. Measured on this project's CI suite on a loaded two-core machine, pairing cut the
  /// largest spurious slowdown between identical runs from about 60 % to about 30 %; dividing by
  /// the reference's median instead was worse than not normalizing at all. When the counts differ
  /// (a cell that failed part-way), every sample is divided by the reference's median.
  static func scale(_ samples: [Double], by reference: [Double]) -> [Double] {
    if samples.count == reference.count {
      return zip(samples, reference).compactMap { sample, base in
        sample.isFinite && base.isFinite && base > 0 ? sample / base : nil
      }
    }
    let usable = reference.filter { $0.isFinite && $0 > 0 }.sorted()
    guard let median = Quantile.median(ofSorted: usable), median > 0 else { return [] }
    return samples.map { $0 / median }
  }
}
