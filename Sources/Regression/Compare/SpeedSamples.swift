import DeflateBenchModel
import DeflateBenchResults

/// Puts both runs' figures in the unit the speed gate compares: MB/s in absolute mode, multiples
/// of the run's own reference cell in relative mode. Dividing by a reference measured on the same
/// machine in the same run cancels what the machine adds to every cell (a slower CPU, a busier
/// host), so a baseline recorded elsewhere still gates (`SpeedFigure.relative(to:)`).
struct SpeedSamples {
  let mode: SpeedMode
  let baseline: [CellKey: CellResult]
  let current: [CellKey: CellResult]

  private let baselineReferences: ReferenceLookup?
  private let currentReferences: ReferenceLookup?

  init(mode: SpeedMode, baseline: [CellKey: CellResult], current: [CellKey: CellResult]) {
    self.mode = mode
    self.baseline = baseline
    self.current = current
    if case .relative(let reference) = mode {
      baselineReferences = ReferenceLookup(reference: reference, cells: baseline)
      currentReferences = ReferenceLookup(reference: reference, cells: current)
    } else {
      baselineReferences = nil
      currentReferences = nil
    }
  }

  /// The gate's finding for a cell both runs have, or nil when neither run measured the metric.
  func finding(for key: CellKey, metric: SpeedMetric, options: ComparisonOptions) -> SpeedFinding? {
    guard let old = baseline[key], let new = current[key],
      let oldFigure = SpeedFigure(metric.samples(of: old), confidence: options.confidence),
      let newFigure = SpeedFigure(metric.samples(of: new), confidence: options.confidence)
    else { return nil }
    guard let baselineReferences, let currentReferences else {
      return SpeedGate.judge(key: key, metric: metric, baseline: oldFigure, current: newFigure, options: options)
    }
    guard
      let oldReference = baselineReferences.referenceSamples(for: key, metric: metric).flatMap({
        SpeedFigure($0, confidence: options.confidence)
      }),
      let newReference = currentReferences.referenceSamples(for: key, metric: metric).flatMap({
        SpeedFigure($0, confidence: options.confidence)
      })
    else {
      // Still report the raw figures so the reader sees the cell, but do not gate it.
      var finding = SpeedGate.judge(key: key, metric: metric, baseline: oldFigure, current: newFigure, options: options)
      finding.interval = nil
      finding.verdict = .notJudged(reason: "no reference cell (\(ReferenceCell.description(of: mode))) in both runs")
      return finding
    }
    return SpeedGate.judge(
      key: key, metric: metric, baseline: oldFigure.relative(to: oldReference),
      current: newFigure.relative(to: newReference), options: options)
  }
}

extension SpeedSamples {
  /// In relative mode, the runs ("baseline", "current") that have no usable reference cell for
  /// a cell whose metric both runs measured; empty when none is missing or in absolute mode.
  func runsWithoutReference(for key: CellKey, metric: SpeedMetric) -> [String] {
    guard let baselineReferences, let currentReferences, let old = baseline[key], let new = current[key],
      old.error == nil, new.error == nil, !metric.samples(of: old).isEmpty, !metric.samples(of: new).isEmpty
    else { return [] }
    var runs: [String] = []
    if baselineReferences.referenceSamples(for: key, metric: metric) == nil { runs.append("baseline") }
    if currentReferences.referenceSamples(for: key, metric: metric) == nil { runs.append("current") }
    return runs
  }
}

extension ReferenceCell {
  static func description(of mode: SpeedMode) -> String {
    switch mode {
    case .absolute: "none"
    case .relative(let reference): reference.description
    }
  }
}
