import DeflateBenchModel
import DeflateBenchResults

/// Which speed series of a cell is gated, all in MB/s of uncompressed bytes.
public enum SpeedMetric: String, Sendable, CaseIterable, Comparable {
  /// Compression per wall-clock second: what an upload waits for.
  case compress
  /// Decompression per wall-clock second.
  case decompress
  /// Compression per CPU second of the measuring thread(s). Time the thread spent descheduled
  /// does not count, so on a busy shared machine it is far steadier than wall-clock speed.
  case compressCPU = "compress-cpu"

  /// The metrics gated unless the caller chooses: the two wall-clock speeds.
  public static let standard: [SpeedMetric] = [.compress, .decompress]

  /// The raw samples of this metric in a cell.
  public func samples(of cell: CellResult) -> [Double] {
    switch self {
    case .compress: cell.compressSamplesMBps
    case .decompress: cell.decompressSamplesMBps
    case .compressCPU: cell.compressCPUSamplesMBps
    }
  }

  public static func < (lhs: SpeedMetric, rhs: SpeedMetric) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }
}

/// What the speed gate concluded for one cell and metric.
public enum SpeedVerdict: Sendable, Equatable {
  /// The whole confidence interval of the speed ratio lies below 1 - threshold.
  case regression
  /// The whole confidence interval lies above 1 + threshold.
  case improvement
  /// The change is within the threshold or not distinguishable from noise.
  case unchanged
  /// The cell could not be judged; the reason says why (too few samples, no reference cell).
  case notJudged(reason: String)
}

/// One cell's speed in both runs and the gate's verdict on it.
public struct SpeedFinding: Sendable, Equatable {
  public var key: CellKey
  public var metric: SpeedMetric
  /// The baseline's headline speed (its fastest sample, `HeadlineSpeed`): MB/s, or a multiple of
  /// the reference cell's headline in relative mode.
  public var baselineSpeed: Double
  /// The current run's headline speed, in the same unit as `baselineSpeed`.
  public var currentSpeed: Double
  /// Current over baseline: 0.8 means 20 % slower.
  public var ratio: Double
  /// The confidence interval of `ratio` (`SpeedFigure.ratio`); nil when the cell was not judged.
  public var interval: ClosedRange<Double>?
  public var verdict: SpeedVerdict
}

/// A cell whose compressed size differs between the runs.
public struct SizeFinding: Sendable, Equatable {
  public var key: CellKey
  public var baselineBytes: Int
  public var currentBytes: Int
  public var baselineVersion: String
  public var currentVersion: String
  /// Whether this change fails the comparison: when the library version and the code path are
  /// the same (compressed sizes are then deterministic), and with `--strict-sizes` also across a
  /// version change; never across a code-path change.
  public var fails: Bool
  /// The code path of a backend whose output depends on the CPU (`code_path` of the cell), in
  /// each run; nil where the run recorded none (the output is the same on every CPU, or an older
  /// file).
  public var baselinePath: String? = nil
  public var currentPath: String? = nil

  /// True when the two runs took different code paths, which explains a size change.
  public var pathChanged: Bool { baselinePath != currentPath }

  /// The relative change: +0.02 means the output grew by 2 %.
  public var change: Double {
    baselineBytes > 0 ? Double(currentBytes) / Double(baselineBytes) - 1 : 0
  }
}

/// A cell that worked in the baseline and is broken in the current run.
public struct BrokenCell: Sendable, Equatable {
  public var key: CellKey
  /// What went wrong: the cell's error, or a lost verification.
  public var reason: String
}

/// How speeds were compared.
public enum SpeedMode: Sendable, Equatable {
  /// MB/s against MB/s: only meaningful on the same machine.
  case absolute
  /// Each cell's headline divided by the headline of a reference cell of its own run.
  case relative(ReferenceCell)
}

/// Everything `compare` found, in the order the summary shows it. The verdict is derived, so the
/// report and the exit code can never disagree.
public struct ComparisonReport: Sendable, Equatable {
  public var options: ComparisonOptions
  public var mode: SpeedMode
  /// Cells present in both runs.
  public var commonCells: Int
  public var speed: [SpeedFinding]
  /// Only cells whose size changed.
  public var sizes: [SizeFinding]
  public var missingCells: [CellKey]
  public var newCells: [CellKey]
  public var brokenCells: [BrokenCell]
  /// Things a reader must know to trust the figures: machine changes, version changes, mode.
  public var notes: [String]
  /// Instruction counts of cells both runs counted (`run --metric instructions`).
  public var instructions: [InstructionFinding] = []

  public var speedRegressions: [SpeedFinding] { speed.filter { $0.verdict == .regression } }
  public var speedImprovements: [SpeedFinding] { speed.filter { $0.verdict == .improvement } }
  public var failingSizes: [SizeFinding] { sizes.filter(\.fails) }
  public var instructionRegressions: [InstructionFinding] { instructions.filter { $0.verdict == .regression } }
  public var instructionImprovements: [InstructionFinding] { instructions.filter { $0.verdict == .improvement } }
  /// Counts taken on different code paths of a CPU-dependent backend: listed, not gated.
  public var instructionsNotJudged: [InstructionFinding] {
    instructions.filter {
      if case .notJudged = $0.verdict { return true }
      return false
    }
  }

  /// True when anything fails the comparison: a speed (unless `--advisory-speeds`) or instruction
  /// regression, a gated size change, a broken cell, or (without `--lenient`) a missing cell.
  public var hasRegression: Bool {
    (!speedRegressions.isEmpty && !options.advisorySpeeds) || !instructionRegressions.isEmpty || !failingSizes.isEmpty
      || !brokenCells.isEmpty
      || (!missingCells.isEmpty && !options.lenient)
  }

  /// The geometric mean of the current-over-baseline speed ratios of every judged cell, or nil
  /// when none was judged. The reference cell itself is left out in relative mode: it is 1 by
  /// construction and would pull the mean towards no change.
  public func geometricMeanRatio(_ metric: SpeedMetric) -> Double? {
    let ratios = speed.filter { finding in
      guard finding.metric == metric, finding.ratio > 0 else { return false }
      if case .notJudged = finding.verdict { return false }
      if case .relative(let reference) = mode, reference.matches(finding.key) { return false }
      return true
    }.map(\.ratio)
    return GeometricMean.of(ratios)
  }
}
