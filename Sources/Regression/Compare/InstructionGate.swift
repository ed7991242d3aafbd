import DeflateBenchResults

/// Which instruction count of a cell is gated (`run --metric instructions`).
public enum InstructionMetric: String, Sendable, CaseIterable {
  case compress
  case decompress

  /// Instructions per input byte, or nil when the run did not count them.
  public func value(of cell: CellResult) -> Double? {
    switch self {
    case .compress: cell.compressInstructionsPerByte
    case .decompress: cell.decompressInstructionsPerByte
    }
  }
}

/// One cell's instruction count in both runs and the gate's verdict on it.
public struct InstructionFinding: Sendable, Equatable {
  public var key: CellKey
  public var metric: InstructionMetric
  /// Instructions per input byte.
  public var baseline: Double
  public var current: Double
  public var verdict: SpeedVerdict

  /// Current over baseline: 1.03 means 3 % more instructions.
  public var ratio: Double { baseline > 0 ? current / baseline : 1 }
}

/// The instruction test. Callgrind's counts repeat to within 0.1 % (measured, README), whatever
/// else the machine is doing, so no statistics are needed: a cell regresses when it executes more
/// than `threshold` more instructions per byte than in the baseline, and improves when it
/// executes more than `threshold` fewer.
enum InstructionGate {
  /// The findings of one cell, one per metric both runs counted.
  /// Counts taken on different code paths of a CPU-dependent backend (`instructionPath`) measure
  /// different code, so they are listed as not judged rather than gated.
  static func judge(baseline: CellResult, current: CellResult, threshold: Double) -> [InstructionFinding] {
    let oldPath = instructionPath(of: baseline)
    let newPath = instructionPath(of: current)
    return InstructionMetric.allCases.compactMap { metric in
      guard let old = metric.value(of: baseline), let new = metric.value(of: current), old > 0, new.isFinite
      else { return nil }
      let ratio = new / old
      let verdict: SpeedVerdict =
        oldPath != newPath
        ? .notJudged(reason: "code path \(CodePathText.change(from: oldPath, to: newPath))")
        : ratio > 1 + threshold ? .regression : ratio < 1 - threshold ? .improvement : .unchanged
      return InstructionFinding(key: current.key, metric: metric, baseline: old, current: new, verdict: verdict)
    }
  }

  /// The code path the counted pass ran: the instruction run's own where it differed from the
  /// timed run's (`--metric time,instructions`), else the cell's.
  static func instructionPath(of cell: CellResult) -> String? { cell.instructionCodePath ?? cell.codePath }

  /// Why counts that the baseline has are not gated, or nil when they are (or neither run has any).
  static func ungatedNote(baseline: [CellResult], current: [CellResult]) -> String? {
    let counted = { (cells: [CellResult]) in cells.contains { $0.compressInstructionsPerByte != nil } }
    guard counted(baseline), !counted(current) else { return nil }
    return "The baseline has instruction counts but the current run does not (run it with --metric "
      + "instructions or time,instructions), so instructions were not gated."
  }
}
