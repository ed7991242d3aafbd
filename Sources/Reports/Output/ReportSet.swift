import DeflateBenchModel
import DeflateBenchResults
import DeflateBenchSupport
import Foundation

/// What other parts of the project add to report.md, as data: Reports renders every section.
public struct ReportExtras: Sendable, Equatable {
  /// Uploads on further links that the results' single `upload` field per cell could not hold
  /// (`run --upload local` with several `--link`), by cell key.
  public var uploads: [CellKey: [UploadMeasurement]]
  /// Plot files to link, as paths relative to the results folder (`plots/ratio-speed.png`, and
  /// its twin `plots/ratio-speed.svg` when the script wrote one).
  public var plots: [String]

  public init(uploads: [CellKey: [UploadMeasurement]] = [:], plots: [String] = []) {
    self.uploads = uploads
    self.plots = plots
  }
}

/// The four files of a results folder, rendered from one document with the cells summarized
/// once, so every file states the same figures.
public struct ReportSet: Sendable {
  public static let csvFileName = "results.csv"
  public static let jsonFileName = JSONReport.fileName
  public static let markdownFileName = "report.md"
  public static let htmlFileName = HTMLReport.fileName

  public let csv: String
  public let json: Data
  public let markdown: String
  /// report.html: the verdict as an interactive, self-contained page.
  public let html: String

  public init(_ document: ResultsDocument, extras: ReportExtras = ReportExtras()) throws(ResultsWriteError) {
    // results.json carries the style table report.html and the PNG charts both draw from.
    let document = document.withBackendStyles()
    let cells = SummarizedCell.all(document)
    json = try JSONReport.encode(document)
    csv = CSVReport.render(cells: cells)
    markdown = MarkdownReport.render(document, cells: cells, extras: extras)
    html = try HTMLReport.render(document, cells: cells)
  }

  /// Writes the four files into `folder`, creating it (and its parents) when missing. Each file
  /// is replaced atomically; results.json goes first because it is the one everything else can
  /// be rebuilt from. `replacingJSON: false` creates results.json only if none is there (link(2)
  /// decides, so of two writers racing for one new folder exactly one wins: `.appeared`).
  public func write(to folder: URL, replacingJSON: Bool = true) throws(ResultsWriteError) {
    try Self.createFolder(folder)
    try Self.replace(folder.appendingPathComponent(Self.jsonFileName), with: json, replacing: replacingJSON)
    try Self.replace(folder.appendingPathComponent(Self.csvFileName), with: Array(csv.utf8))
    try Self.replace(folder.appendingPathComponent(Self.markdownFileName), with: Array(markdown.utf8))
    try Self.replace(folder.appendingPathComponent(Self.htmlFileName), with: Array(html.utf8))
  }

  /// The file names `write` writes, in the order it writes them.
  public static let fileNames = [jsonFileName, csvFileName, markdownFileName, htmlFileName]

  /// Replaces one file atomically (see `AtomicFile`).
  static func replace(_ file: URL, with bytes: some Collection<UInt8>, replacing: Bool = true)
    throws(ResultsWriteError)
  {
    do throws(AtomicFile.WriteError) {
      try AtomicFile.write(bytes, to: file.path, replacing: replacing)
    } catch {
      throw ResultsWriteError(error)
    }
  }

  static func createFolder(_ folder: URL) throws(ResultsWriteError) {
    do throws(AtomicFile.WriteError) {
      try FolderCreation.create(folder.path)
    } catch {
      throw .createFolder(path: folder.path, reason: error.message)
    }
  }
}

/// Writes results folders. During a run, call `writeJSON` after every finished cell, so a crash
/// never costs what was measured; call `write` once at the end, and on interrupt with the
/// document marked incomplete.
public enum ResultsWriter {
  /// Renders `document` and writes results.json, results.csv, report.md and report.html into
  /// `folder`, and returns those names. `replacingJSON: false` for a folder that held no results
  /// when it was checked: another writer that got there first makes this fail with `.appeared`.
  ///
  /// This summarizes every cell (a bootstrap per cell), which for a few hundred cells takes a
  /// noticeable fraction of a second: not something to repeat after every cell.
  @discardableResult
  public static func write(
    _ document: ResultsDocument, to folder: URL, extras: ReportExtras = ReportExtras(), replacingJSON: Bool = true
  ) throws(ResultsWriteError) -> [String] {
    try ReportSet(document, extras: extras).write(to: folder, replacingJSON: replacingJSON)
    return ReportSet.fileNames
  }

  /// Writes only results.json, atomically, creating the folder when missing: the cheap flush
  /// for after each cell. Every other file can be rebuilt from it.
  /// `replacing: false` for a run's first flush into a folder that had no results: it fails
  /// with `.appeared` if another process wrote results.json there since the folder was checked.
  public static func writeJSON(_ document: ResultsDocument, to folder: URL, replacing: Bool = true)
    throws(ResultsWriteError)
  {
    try prepareJSON(document, to: folder, replacing: replacing).place()
  }

  /// `writeJSON` up to the rename: results.json encoded, written and flushed to disk under its
  /// temporary name, for a caller that puts it in place under a lock (see `PreparedResultsFile`).
  public static func prepareJSON(_ document: ResultsDocument, to folder: URL, replacing: Bool = true)
    throws(ResultsWriteError) -> PreparedResultsFile
  {
    // Every flush carries the styles, so a folder read mid-run (plot.py) draws them as the end will.
    let json = try JSONReport.encode(document.withBackendStyles())
    try ReportSet.createFolder(folder)
    let path = folder.appendingPathComponent(ReportSet.jsonFileName).path
    do throws(AtomicFile.WriteError) {
      let file = try OutputFile(path: path, replacing: replacing)
      do throws(AtomicFile.WriteError) {
        try file.write(json)
        try file.flush()
      } catch {
        file.abandon()
        throw error
      }
      return PreparedResultsFile(file)
    } catch {
      throw ResultsWriteError(error)
    }
  }
}
