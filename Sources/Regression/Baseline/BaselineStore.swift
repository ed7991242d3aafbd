import DeflateBenchResults
import DeflateBenchSupport
import Foundation

/// The committed baseline folder (`Results/baseline`): the results files of one finished run and
/// a BASELINE.md that says where they came from. `compare` reads it like any results folder.
public enum BaselineStore {
  /// The folder the CI workflow and `.ci/run` compare against, relative to the package root.
  public static let defaultPath = "Results/baseline"
  /// The note written beside the results files.
  public static let noteFileName = "BASELINE.md"

  /// What was written, for the command to report.
  public struct Update: Sendable, Equatable {
    public var destination: String
    public var cells: Int
    public var machineFingerprint: String
    public var files: [String]
  }

  /// Replaces the baseline in `destination` with the run at `source` (a results folder or a
  /// results.json). The files are rendered afresh from the document, so the baseline's CSV and
  /// Markdown always agree with its JSON even if the source folder was edited by hand.
  ///
  /// - Parameters:
  ///   - force: accept an incomplete run or one with failed cells.
  ///   - date: when the update happened, for the note (ISO-8601).
  /// - Throws: `BaselineError`; the old baseline is untouched when it throws.
  ///   - writeResults: writes the document's results files into a folder and returns their
  ///     names (the CLI passes the report writer; the baseline does not render reports itself).
  public static func update(
    from source: URL, to destination: URL, force: Bool = false, date: String,
    writeResults: (ResultsDocument, URL) throws -> [String]
  ) throws(BaselineError) -> Update {
    let document: ResultsDocument
    do {
      document = try ResultsDocument.load(from: source)
    } catch {
      throw .load(error)
    }
    if let hook = document.context.testHook { throw .testHook(path: source.path, hook: hook) }
    // Never with --force: compare would refuse the baseline on every later run.
    do throws(ComparisonError) {
      try CellSanity.validate(document, run: "source")
    } catch {
      throw .malformed("\(source.path): \(error.description)")
    }
    if !force {
      guard document.complete else { throw .incomplete(path: source.path) }
      let failed = document.cells.filter { $0.error != nil || !$0.verified }.map(\.key.description)
      guard failed.isEmpty else { throw .failedCells(path: source.path, keys: failed) }
    }
    let note = BaselineNote.render(document, source: source.path, date: date)
    var written: [String] = []
    try FolderSwap.replace(destination) { staging throws(BaselineError) in
      do {
        written = try writeResults(document, staging)
        try AtomicFile.write(Array(note.utf8), to: staging.appendingPathComponent(noteFileName).path)
      } catch let error as ResultsWriteError {
        throw .write(error.description)
      } catch let error as AtomicFile.WriteError {
        throw .write(ResultsWriteError(error).description)
      } catch {
        throw .write(error.localizedDescription)
      }
    }
    return Update(
      destination: destination.path, cells: document.cells.count,
      machineFingerprint: document.context.machineFingerprint,
      files: written + [noteFileName])
  }
}

/// The note that travels with a baseline, so a reviewer of the commit that changes it can see
/// which machine, libraries and run it came from without opening the JSON.
enum BaselineNote {
  static func render(_ document: ResultsDocument, source: String, date: String) -> String {
    let context = document.context
    let versions = context.libraryVersions.keys.sorted().map { "\($0) \(context.libraryVersions[$0]!)" }
    return """
      # DeflateBench baseline

      The speeds, instruction counts and compressed sizes `deflate-bench compare` checks new runs \
      against. Sizes are compared exactly while the library versions and code paths stay the same \
      (a change between code paths of a CPU-dependent backend is listed, not failed); instructions \
      per byte (when the run counted them) with a plain threshold; speeds by their headline, each \
      cell's fastest sample, with its interval, relative to a reference cell of each run when the \
      machine differs from the one below.

      - Updated: \(date), from `\(source)`
      - Run: \(context.date), `\(context.commandLine)`
      - Project version: \(context.projectVersion) (\(context.buildConfiguration) build)
      - Machine: \(context.machineFingerprint)
      - Libraries: \(versions.joined(separator: ", "))
      - Code paths: \(codePaths(document))
      - Cells: \(document.cells.count) over \(document.corpora.count) payload sets, \
      \(context.repetitions) repetitions, each the fastest of \(context.batchesPerSample ?? 1) \
      batch\(context.batchesPerSample ?? 1 == 1 ? "" : "es") of at least \(context.minTimeSeconds) s\
      \(document.complete ? "" : "\n- Incomplete: the run was interrupted; it was taken with --force")

      Rewrite it with `deflate-bench baseline update --from <results folder>` after a run of the CI \
      suite (`scripts/ci-benchmark.sh --update` runs `deflate-bench run --config Corpora/ci.json \
      --quick --upload local --metric time,instructions`), and commit the whole folder.

      """
  }

  /// The CPU features the run saw and the path each CPU-dependent cell took, so a reviewer knows
  /// which machines reproduce its sizes exactly.
  static func codePaths(_ document: ResultsDocument) -> String {
    let context = document.context
    var paths: [String: Set<String>] = [:]
    for cell in document.cells {
      guard let path = cell.codePath else { continue }
      paths["\(cell.backend) level \(cell.level)", default: []].insert(path)
    }
    let perBackend =
      paths.isEmpty
      ? "no cell's output depends on the CPU"
      : paths.keys.sorted().map { "\($0): \(paths[$0]!.sorted().joined(separator: ", "))" }.joined(separator: "; ")
    var text = "\(perBackend) (CPU features: \(CodePathText.features(context.cpuFeatures)))"
    if let counted = context.instructionRunCPUFeatures {
      text += "; the instruction run under valgrind saw \(CodePathText.features(counted))"
    }
    return text
  }
}
