import DeflateBenchMeasurement
import DeflateBenchResults
import Foundation

/// A running upload target for one `run --upload`: made by `RunHooks.upload` before anything is
/// measured, used by the runner once per cell, stopped after the reports are written.
protocol RunUploadSession: AnyObject {
  /// Called by the runner once per cell with its verified compressed payloads.
  var step: any CellUploadStep { get }
  /// Uploads on links after the first, for the report (see `ReportExtras.uploads`).
  var extraMeasurements: [CellKey: [UploadMeasurement]] { get }
  /// A sentence per local server child with its peak resident memory, stated beside the run's.
  var localServerMemoryNotes: [String] { get }
  /// Stops what was started (the local server). Called exactly once, also after failures.
  func stop()
}

/// The stages of `run` that live beside it (the upload target, the plots), reached through
/// closures rather than protocol metatypes, for the reason `CommandEntry` gives.
enum RunHooks {
  /// Prepares `--upload TARGET` (`local` starts `deflate-bench serve` on a free port; a URL is
  /// checked) for the `--link` presets given, with the `--dictionary` files the local server
  /// must hold to decode dictionary cells, and the longest one upload may take, before anything
  /// is measured. Errors are the user's to fix and stop the run before any folder is made.
  typealias StartUpload =
    @Sendable (
      _ target: String, _ links: [String], _ dictionaryPaths: [String], _ timeoutSeconds: Double, _ port: Int?,
      _ console: Console
    ) throws(CLIError) -> any RunUploadSession

  /// Draws plots into a written results folder (it holds results.json and results.csv) and
  /// returns their paths relative to it, for report.md to link. Problems are printed, not thrown:
  /// a missing plotting stack must not cost the measurements.
  typealias RenderPlots = @Sendable (_ resultsFolder: URL, _ console: Console) -> [String]

  static let upload: StartUpload = UploadHook.start
  static let plots: RenderPlots = PlotScript.render
}
