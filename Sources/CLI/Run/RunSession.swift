import DeflateBenchCodecs
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
    if let out = options.outPath {
      try ResultsOutFolder.validate(out, force: options.force)
    } else {
      try ResultsFolder.validateDefaultParent()
    }
    // Without valgrind, a run that must count instructions fails before it times anything.
    if InstructionRun.addsCountsAfterTiming(options) { _ = try InstructionRun.valgrind() }
    let corpora = try RunCorpora.prepare(options)
    let interrupts = InterruptMonitor { [console] _ in
      console.error(
        "\ndeflate-bench run: stopping after the current cell (within \(Int(MeasuringThread.graceSeconds)) s); "
          + "press Ctrl-C again to quit at once\n")
    }
    defer { interrupts.stop() }
    let progress = RunProgress(console: console, quiet: options.quiet)
    let gate = EventGate()
    var partialDocument: (([CellResult]) -> ResultsDocument)?
    let folder = ResultsFolder(outPath: options.outPath)
    let flush = RepetitionFlush(
      folder: folder.url, force: options.force, gate: gate, cancellation: interrupts.cancellation)
    let uploadStep = UploadStepHolder()
    let setBySet = try makeRun(corpora, cancellation: interrupts.cancellation, uploadStep: uploadStep) { event in
      var document: ResultsDocument?
      gate.pass {
        progress.handle(event)
        guard case .repetitionFinished(_, let snapshot) = event, let partialDocument, flush.isDue() else { return }
        document = partialDocument(snapshot)
      }
      // Outside the gate: the disk may be slow, and Ctrl-C must not wait for it.
      if let document { flush.write(document) }
    }
    let plan = setBySet.matrix
    let serverFiles =
      options.uploadTarget == nil ? nil : try CorpusDictionaryTraining.writeForServer(corpora.fromConfiguration)
    defer { serverFiles.map { try? FileManager.default.removeItem(at: $0.0) } }
    let upload = try startUpload(dictionaryPaths: options.dictionaryPaths + (serverFiles?.1 ?? []))
    defer { upload?.stop() }
    uploadStep.step = upload?.step

    // 2. The conditions of the run, recorded with every result.
    let system = SystemInfo.current()
    let environmentWarnings = EnvironmentWarnings.warnings(for: system, buildConfiguration: BuildInfo.configuration)
    for warning in environmentWarnings { console.error("deflate-bench run: warning: \(warning)\n") }
    if !options.quiet {
      for note in plan.notes where !plan.warnings.contains(note) { console.error("note: \(note)\n") }
    }
    // The request head the upload model charges, measured once from a real URLSession request
    // against the echo server, with the run's other conditions rather than while reports are
    // written; results.json records it (`model.request_head_bytes` and `request_head_source`).
    let requestHead = RequestHeadProbe.measure()
    let context = RunContext.make(
      system: system, libraryVersions: Self.libraryVersions(plan), commandLine: displayedCommandLine,
      settings: options.settings, projectVersion: Self.projectVersion())

    // 3. Measure, one payload set at a time, on a thread of its own (`MeasuringThread`) so
    // Ctrl-C is answered within about a second. Results are flushed after the first repetition
    // and then every 2 s or so (`RepetitionFlush`), so a crash costs a few seconds at most.
    partialDocument = { [setBySet] snapshot in
      ResultsDocument(
        complete: false, context: context, corpora: setBySet.corpora, cells: snapshot,
        warnings: environmentWarnings + plan.warnings)
    }
    let outcome: RunOutcome
    switch MeasuringThread.run({ setBySet.run() }, interrupts: interrupts) {
    case .returned(let returned):
      outcome = returned
    case .abandoned:
      // The cell's library call is still running; what the visits before it measured is kept.
      gate.seal()
      let (kept, dropped) = setBySet.interruptedOutcome()
      outcome = kept
      progress.abandoned(dropped: dropped, after: MeasuringThread.graceSeconds)
    }
    afterMeasuring(interrupts.cancellation)
    progress.finish()
    if let upload, !options.quiet {
      for note in upload.localServerMemoryNotes { console.error("note: \(note)\n") }
    }
    if let error = flush.error { throw error }

    // 4. Instruction counts (from a valgrind child), the verdict, the reports, then the summary.
    var document = outcome.document(context: context, extraWarnings: environmentWarnings)
    // A Ctrl-C after the runner's last look at the flag still makes the run incomplete: read once,
    // so the document, the counts and the message below agree.
    let interrupted = interrupts.wasInterrupted
    if interrupted { document.complete = false }
    if InstructionRun.addsCountsAfterTiming(options), !interrupted {
      document = try InstructionRun.addCounts(to: document, console: console)
    }
    addVerdict(to: &document, requestHead: requestHead, upload: upload)
    // What the run cost, so a quoted run time or peak names the results that carry it.
    let elapsed = started.duration(to: .now).components
    document.context.runWallSeconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18
    document.context.peakResidentBytes = ProcessPeakMemory.lifetimePeakBytes()
    try writeReports(document, to: folder, upload: upload)
    try folder.updateLatest()
    printSummary(document, folder: folder)

    if interrupted || !document.complete {
      console.error("deflate-bench run: interrupted; the results written are marked incomplete\n")
      return .interrupted
    }
    // The document's cells, not the outcome's: the instruction run may have failed a cell too.
    let failedCells = document.cells.filter { !$0.verified || $0.error != nil }
    if !failedCells.isEmpty {
      let count = failedCells.count
      throw .failure(
        "\(count) cell\(count == 1 ? "" : "s") failed; see the warnings in \(folder.displayPath)/report.md")
    }
    return .success
  }

  // MARK: - Steps

  private func makeRun(
    _ corpora: RunCorpora.Prepared, cancellation: CancellationFlag, uploadStep: UploadStepHolder,
    onEvent: @escaping (RunEvent) -> Void
  ) throws(CLIError) -> SetBySetRun {
    let run: SetBySetRun
    // One counter for the whole run, shared by every set's runner: callgrind numbers its dumps
    // across the process, and the counter finds each pass's dump by that number.
    let instructionCounter = options.callgrindDumpPrefix.map(CallgrindCounter.init)
    do throws(PlanError) {
      run = try SetBySetRun(
        sources: corpora.sources, dictionaries: corpora.dictionaries, backends: options.backends,
        levels: options.levels, settings: options.settings, cancellation: cancellation,
        makeRunner: { [options, resolveVerifier, uploadStep, instructionCounter] plan, live, handler in
          BenchmarkRunner(
            plan: plan, settings: options.settings, cancellation: cancellation, resolveVerifier: resolveVerifier,
            uploadStep: uploadStep.step, instructionCounter: instructionCounter,
            live: live, onEvent: handler)
        }, onEvent: onEvent)
    } catch {
      if case .invalidDictionary = error { throw .dataError(error.description) }
      throw .usage(error.description)
    }
    guard !run.matrix.cells.isEmpty else {
      let reason = run.matrix.skipped.first.map { ": \($0.reason)" } ?? ""
      throw .usage("nothing to measure; every cell of the selection is skipped\(reason)")
    }
    return run
  }

  private func startUpload(dictionaryPaths: [String]) throws(CLIError) -> (any RunUploadSession)? {
    guard let target = options.uploadTarget else { return nil }
    return try RunHooks.upload(
      target, options.links, dictionaryPaths, options.uploadTimeoutSeconds, options.uploadPort, console)
  }

  /// The upload model's parameters (with the request head the measuring phase took) and the
  /// verdict they give for the measured cells.
  private func addVerdict(
    to document: inout ResultsDocument, requestHead head: (bytes: Int, source: String), upload: (any RunUploadSession)?
  ) {
    var parameters = ModelParameters(
      senderCongestionControl: options.senderCongestionControl, http: options.http,
      requestHeadBytes: head.bytes, requestHeadSource: head.source, connection: options.connection,
      links: options.modelLinks.sorted { $0.uplinkBitsPerSecond < $1.uplinkBitsPerSecond },
      devices: options.devices)
    parameters.idleSeconds = options.idleGapSeconds
    options.verdict.apply(to: &parameters)
    Verdict.assemble(&document, parameters: parameters, extraUploads: upload?.extraMeasurements ?? [:])
  }

  private func writeReports(
    _ document: ResultsDocument, to folder: ResultsFolder, upload: (any RunUploadSession)?
  ) throws(CLIError) {
    var extras = ReportExtras(uploads: upload?.extraMeasurements ?? [:])
    do throws(ResultsWriteError) {
      try ResultsWriter.write(document, to: folder.url, extras: extras)
      // Plots are drawn from the written files, then report.md is written again to link them.
      if options.plots {
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

  private static func libraryVersions(_ plan: MeasurementPlan) -> [String: String] {
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
