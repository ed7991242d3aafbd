import DeflateBenchCodecs
import DeflateBenchCorpora
import DeflateBenchMeasurement
import DeflateBenchModel
import DeflateBenchReports
import DeflateBenchResults
import DeflateBenchUpload
import Foundation

/// One `deflate-bench run` after its options were checked: read the corpora, build the plan,
/// measure, write the reports, say where they are. Reads like the tool's architecture.
struct RunSession {
  let options: RunOptions
  let console: Console
  /// The command line as typed, recorded in the results.
  var commandLine: [String] = CommandLine.arguments
  /// Lets tests verify backends the codec layer does not know (a deliberately broken one).
  var resolveVerifier: (any CompressionBackend) -> (any CompressionBackend)? = { Verifier.decodingBackend(for: $0) }
  /// Called with the run's cancellation flag once measuring has ended, before the flag is read
  /// for the last time. Only tests set it: cancelling there is a Ctrl-C that lands after the
  /// runner's last look at the flag, a window too narrow to hit with a real signal.
  var afterMeasuring: (CancellationFlag) -> Void = { _ in }

  static let command = "run"

  func execute() throws(CLIError) -> ExitCode {
    let started = ContinuousClock.now
    // 1. Everything that can fail on the user's input fails here, before any folder exists.
    try checkOutputs()
    let corpora = try options.corpus.prepare(
      seedOverride: options.seedOverride, shuffleSeed: options.measurement.settings.seed)
    let interrupts = Self.interruptMonitor(console)
    defer { interrupts.stop() }
    let folder = ResultsFolder(outPath: options.output.outPath)
    let events = RunEvents(
      console: console, quiet: options.output.quiet, folder: folder.url, force: options.output.force,
      cancellation: interrupts.cancellation)
    let uploadStep = UploadStepHolder()
    let setBySet = try makeRun(
      corpora, cancellation: interrupts.cancellation, uploadStep: uploadStep, onEvent: events.handle)
    let serverFiles =
      options.upload.target == nil ? nil : try ServerDictionaries(corpora.configurationDictionaries)
    defer { serverFiles?.remove() }
    let upload = try startUpload(dictionaryPaths: options.corpus.dictionaryPaths + (serverFiles?.paths ?? []))
    defer { upload?.stop() }
    uploadStep.step = upload?.step

    // 2. The conditions of the run, recorded with every result.
    let conditions = recordConditions(setBySet.matrix)

    // 3. Measure, one payload set at a time, on a thread of its own (`MeasuringThread`) so
    // Ctrl-C is answered within about a second. Results are flushed after the first repetition
    // and then every 2 s or so (`RepetitionFlush`), so a crash costs a few seconds at most.
    events.partialDocument = { [setBySet] snapshot in
      ResultsDocument(
        complete: false, context: conditions.context, corpora: setBySet.corpora, cells: snapshot,
        warnings: conditions.warnings + setBySet.matrix.warnings)
    }
    let outcome = try measure(setBySet, interrupts: interrupts, events: events, upload: upload)

    // 4. Instruction counts (from a valgrind child), the verdict, the reports, then the summary.
    // A Ctrl-C after the runner's last look at the flag still makes the run incomplete: read once,
    // so the document, the counts and the message agree.
    let interrupted = interrupts.wasInterrupted
    let document = try finishedDocument(
      outcome, conditions, interrupted: interrupted, upload: upload, started: started)
    try writeReports(document, to: folder, upload: upload)
    try folder.updateLatest()
    printSummary(document, folder: folder)
    return try exitStatus(document, interrupted: interrupted, folder: folder)
  }

  // MARK: - Steps

  /// The output folder, and valgrind when a run must count instructions, checked before
  /// anything is timed.
  private func checkOutputs() throws(CLIError) {
    if let out = options.output.outPath {
      try ResultsOutFolder.validate(out, force: options.output.force)
    } else {
      try ResultsFolder.validateDefaultParent()
    }
    if InstructionRun.addsCountsAfterTiming(options) { _ = try InstructionRun.valgrind() }
  }

  private func makeRun(
    _ corpora: PreparedCorpora, cancellation: CancellationFlag, uploadStep: UploadStepHolder,
    onEvent: @escaping (RunEvent) -> Void
  ) throws(CLIError) -> SetBySetRun {
    let run: SetBySetRun
    let measurement = options.measurement
    // One counter for the whole run, shared by every set's runner: callgrind numbers its dumps
    // across the process, and the counter finds each pass's dump by that number.
    let instructionCounter = measurement.callgrindDumpPrefix.map(CallgrindCounter.init)
    do throws(PlanError) {
      run = try SetBySetRun(
        sets: corpora.sets, backends: measurement.backends, levels: measurement.levels,
        settings: measurement.settings, cancellation: cancellation,
        makeRunner: { [resolveVerifier, uploadStep, instructionCounter] plan, live, handler in
          BenchmarkRunner(
            plan: plan, settings: measurement.settings, cancellation: cancellation, resolveVerifier: resolveVerifier,
            uploadStep: uploadStep.step, instructionCounter: instructionCounter,
            live: live, onEvent: handler)
        }, onEvent: onEvent)
    } catch {
      if case .invalidDictionary = error { throw .dataError(error.description) }
      throw .usage(error.description)
    }
    guard !run.matrix.cells.isEmpty else {
      throw .usage("nothing to measure; every cell of the selection is skipped")
    }
    return run
  }

  private func startUpload(dictionaryPaths: [String]) throws(CLIError) -> (any RunUploadSession)? {
    guard let target = options.upload.target else { return nil }
    return try RunHooks.upload(
      target, options.model.links, dictionaryPaths, options.upload.timeoutSeconds, options.upload.port, console)
  }

  /// The conditions of a run, recorded with every result, and the warnings about them.
  private struct Conditions {
    var context: RunContext
    var warnings: [String]
    var requestHead: (bytes: Int, source: String)
  }

  private func recordConditions(_ matrix: MatrixPlan) -> Conditions {
    let system = SystemInfo.current()
    let warnings = EnvironmentWarnings.warnings(for: system, buildConfiguration: BuildInfo.configuration)
    for warning in warnings { console.error("deflate-bench run: warning: \(warning)\n") }
    if !options.output.quiet {
      for note in matrix.notes where !matrix.warnings.contains(note) { console.error("note: \(note)\n") }
    }
    // The request head the upload model charges, measured once from a real URLSession request
    // against the echo server, with the run's other conditions rather than while reports are
    // written; results.json records it (`model.request_head_bytes` and `request_head_source`).
    let requestHead = RequestHeadProbe.measure()
    let context = RunContext.make(
      system: system, libraryVersions: Self.libraryVersions(matrix), commandLine: displayedCommandLine,
      settings: options.measurement.settings, projectVersion: Self.projectVersion())
    return Conditions(context: context, warnings: warnings, requestHead: requestHead)
  }

  /// Stops the run after the current cell at the first Ctrl-C, and says so.
  private static func interruptMonitor(_ console: Console) -> InterruptMonitor {
    InterruptMonitor { _ in
      console.error(
        "\ndeflate-bench run: stopping after the current cell (within \(Int(MeasuringThread.graceSeconds)) s); "
          + "press Ctrl-C again to quit at once\n")
    }
  }

  /// What the run measured, or, when the measuring thread had to be abandoned (a cell's library
  /// call still running), what the visits before it measured.
  /// - Throws: the error of a results.json flush that failed (the run was cancelled then).
  private func measure(
    _ run: SetBySetRun, interrupts: InterruptMonitor, events: RunEvents, upload: (any RunUploadSession)?
  ) throws(CLIError) -> RunOutcome {
    let outcome: RunOutcome
    switch MeasuringThread.run({ run.run() }, interrupts: interrupts) {
    case .returned(let returned):
      outcome = returned
    case .abandoned:
      events.gate.seal()
      let (kept, dropped) = run.interruptedOutcome()
      outcome = kept
      events.progress.abandoned(dropped: dropped, after: MeasuringThread.graceSeconds)
    }
    afterMeasuring(interrupts.cancellation)
    events.progress.finish()
    if let upload, !options.output.quiet {
      for note in upload.localServerMemoryNotes { console.error("note: \(note)\n") }
    }
    if let error = events.flush.error { throw error }
    return outcome
  }

  /// The results document: the cells with instruction counts (from a valgrind child), the
  /// model's parameters with the request head the run measured, the verdict they give, and what
  /// the run cost (so a quoted run time or peak names the results that carry it).
  private func finishedDocument(
    _ outcome: RunOutcome, _ conditions: Conditions, interrupted: Bool, upload: (any RunUploadSession)?,
    started: ContinuousClock.Instant
  ) throws(CLIError) -> ResultsDocument {
    var document = outcome.document(context: conditions.context, extraWarnings: conditions.warnings)
    if interrupted { document.complete = false }
    if InstructionRun.addsCountsAfterTiming(options), !interrupted {
      document = try InstructionRun.addCounts(to: document, console: console)
    }
    Verdict.assemble(
      &document, parameters: options.model.parameters(requestHead: conditions.requestHead),
      extraUploads: upload?.extraMeasurements ?? [:])
    let elapsed = started.duration(to: .now).components
    document.context.runWallSeconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18
    document.context.peakResidentBytes = ProcessPeakMemory.lifetimePeakBytes()
    return document
  }

  /// 130 for an interrupted run, a failure naming how many cells failed, else success.
  private func exitStatus(
    _ document: ResultsDocument, interrupted: Bool, folder: ResultsFolder
  ) throws(CLIError) -> ExitCode {
    if interrupted || !document.complete {
      console.error("deflate-bench run: interrupted; the results written are marked incomplete\n")
      return .interrupted
    }
    // The document's cells, not the outcome's: the instruction run may have failed a cell too.
    let failedCells = document.cells.filter { !$0.verified || $0.error != nil }
    guard failedCells.isEmpty else {
      let count = failedCells.count
      throw .failure(
        "\(count) cell\(count == 1 ? "" : "s") failed; see the warnings in \(folder.displayPath)/report.md")
    }
    return .success
  }

  private func writeReports(
    _ document: ResultsDocument, to folder: ResultsFolder, upload: (any RunUploadSession)?
  ) throws(CLIError) {
    var extras = ReportExtras(uploads: upload?.extraMeasurements ?? [:])
    do throws(ResultsWriteError) {
      try ResultsWriter.write(document, to: folder.url, extras: extras)
      // Plots are drawn from the written files, then report.md is written again to link them.
      if options.output.plots {
        extras.plots = RunHooks.plots(folder.url, console)
        if !extras.plots.isEmpty { try ResultsWriter.write(document, to: folder.url, extras: extras) }
      }
    } catch {
      throw CLIError(.cannotCreate, error.description)
    }
  }

  private func printSummary(_ document: ResultsDocument, folder: ResultsFolder) {
    var lines = ["Report: \(folder.displayPath)/report.md (report.html, results.csv and results.json beside it)"]
    if let answers = document.answer, !answers.isEmpty, let model = document.model {
      let kind = model.isCold ? "cold connection" : "warm connection"
      lines.append(
        "Answer (modelled per request, \(kind), decided on \(model.verdictObjective.rawValue); details in report.md):")
      lines += VerdictText.consoleLines(answers)
    }
    let noisy = ReportWarnings.noisyCells(SummarizedCell.all(document))
    if !noisy.isEmpty {
      lines.append(ReportWarnings.countLine(noisy) + ": " + ReportWarnings.noisyAdvice + "; the report lists them")
    }
    console.out(lines.joined(separator: "\n") + "\n")
  }

  // MARK: - Context

  /// argv[0] is wherever the binary happened to be; the results record the tool's name.
  private var displayedCommandLine: [String] {
    guard !commandLine.isEmpty else { return ["deflate-bench", Self.command] }
    return ["deflate-bench"] + commandLine.dropFirst()
  }

  private static func libraryVersions(_ plan: MatrixPlan) -> [String: String] {
    var versions: [String: String] = [:]
    for cell in plan.cells { versions[cell.backend.name] = cell.backend.version }
    return versions
  }

  /// `git describe` of the repository the binary was built in (it sits in `<repo>/.build/...`),
  /// or the tool's version for an installed binary.
  private static func projectVersion() -> String {
    let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath()
    return BuildInfo.gitDescribe(in: executable.deletingLastPathComponent()) ?? DeflateBenchTool.version
  }
}

/// The upload step, started only once the matrix is known to be valid, for the runners the
/// set-by-set run makes later.
final class UploadStepHolder {
  var step: (any CellUploadStep)?
}
