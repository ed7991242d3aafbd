/// The contents of `results.json`: everything a run measured, with every raw sample, so scripts
/// can recompute any figure. Keys are written in snake_case (`schema_version`, `output_bytes`).
public struct ResultsDocument: Codable, Sendable, Equatable {
  /// Bumped whenever a field changes meaning or disappears. Readers refuse newer majors.
  public static let currentSchemaVersion = 1

  public var schemaVersion: Int
  /// False when the run was interrupted or failed part-way: the cells present are real, but the
  /// matrix is not finished.
  public var complete: Bool
  public var context: RunContext
  public var corpora: [CorpusRecord]
  public var cells: [CellResult]
  public var warnings: [String]
  /// The upload model's parameters; nil in files written before the model was recorded.
  public var model: ModelParameters?
  /// The answer per payload set, link and device, from the cells and `model`.
  public var verdict: [VerdictRow]?
  /// One answer per payload set, for a person: what to do, with what, what it saves on each link
  /// (`Verdict.answers`); nil in files written before it existed.
  public var answer: [PayloadAnswer]?
  /// The curves the PNG charts draw and the Pareto membership they ring, computed by Swift
  /// (`Verdict.charts`) so the plotting scripts only draw; nil in files written before it existed.
  public var charts: ChartData?
  /// Each backend's colour and marker, in legend order, as every chart draws it; written with the
  /// reports (nil in files written before it existed).
  public var backendStyles: [BackendStyle]?
  /// The energy model's radio profiles, links and device CPU powers the verdict rows' `energy`
  /// comes from (docs/energy.md); nil in files written before it existed.
  public var energy: EnergyParameters?

  public init(
    schemaVersion: Int = ResultsDocument.currentSchemaVersion, complete: Bool, context: RunContext,
    corpora: [CorpusRecord], cells: [CellResult], warnings: [String], model: ModelParameters? = nil,
    verdict: [VerdictRow]? = nil
  ) {
    self.schemaVersion = schemaVersion
    self.complete = complete
    self.context = context
    self.corpora = corpora
    self.cells = cells
    self.warnings = warnings
    self.model = model
    self.verdict = verdict
  }
}
