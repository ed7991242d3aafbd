import DeflateBenchCodecs
import DeflateBenchCorpora
import DeflateBenchMeasurement
import DeflateBenchReports
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

  static let command = "run"

  func execute() throws(CLIError) -> ExitCode {
    // 1. Everything that can fail on the user's input fails here, before any folder exists.
    try ResultsOutFolder.validate(
      options.outPath ?? ResultsFolder.parent, command: Self.command, force: options.force)
    // Without valgrind, a run that must count instructions fails before it times anything.
    if InstructionRun.addsCountsAfterTiming(options) { _ = try InstructionRun.valgrind() }
    let corpora = try RunCorpora.load(options, command: Self.command)
    let plan = try makePlan(corpora)
    let serverFiles =
      options.uploadTarget == nil ? nil : try CorpusDictionaryTraining.writeForServer(corpora.fromConfiguration)
    defer { serverFiles.map { try? FileManager.default.removeItem(at: $0.0) } }
    let upload = try startUpload(dictionaryPaths: options.dictionaryPaths + (serverFiles?.1 ?? []))
    defer { upload?.stop() }
    if options.plots, RunHooks.plots == nil {
      console.error("deflate-bench run: warning: --plots is not available in this build; no plots are drawn\n")
    }

    // 2. The conditions of the run, recorded with every result.
    let system = SystemInfo.current()
    let environmentWarnings = EnvironmentWarnings.warnings(for: system, buildConfiguration: BuildInfo.configuration)
    for warning in environmentWarnings { console.error("deflate-bench run: warning: \(warning)\n") }
    if !options.quiet {
      for note in plan.notes where !plan.warnings.contains(note) { console.error("note: \(note)\n") }
    }
    let context = RunContext.make(
      system: system, libraryVersions: Self.libraryVersions(plan), commandLine: displayedCommandLine,
      settings: options.settings, projectVersion: Self.projectVersion())
    let folder = ResultsFolder(outPath: options.outPath)

    // 3. Measure, on a thread of its own (`MeasuringThread`) so Ctrl-C is answered within about
    // a second. Results are flushed after every repetition, so a crash costs one at most.
    let interrupts = InterruptMonitor { [console] _ in
      console.error(
        "\ndeflate-bench run: stopping after the current cell (within \(Int(MeasuringThread.graceSeconds)) s); "
          + "press Ctrl-C again to quit at once\n")
    }
    defer { interrupts.stop() }
    let progress = RunProgress(console: console, quiet: options.quiet)
    let gate = EventGate()
    let live = LiveResults()
    var flushError: CLIError?
    // The first flush must not replace results that another run wrote into the same --out
    // after the check above; --force replaces on purpose.
    var flushed = options.force
    let runner = BenchmarkRunner(
      plan: plan, settings: options.settings, cancellation: interrupts.cancellation, resolveVerifier: resolveVerifier,
      uploadStep: upload?.step, instructionCounter: options.callgrindDumpPrefix.map(CallgrindCounter.init), live: live
    ) { event in
      gate.pass {
        progress.handle(event)
        guard case .repetitionFinished(_, let snapshot) = event, flushError == nil else { return }
        let partial = ResultsDocument(
          complete: false, context: context, corpora: plan.corpusRecords, cells: snapshot,
          warnings: environmentWarnings + plan.warnings)
        do throws(ResultsWriteError) {
          try ResultsWriter.writeJSON(partial, to: folder.url, replacing: flushed)
          flushed = true
        } catch {
          // Measuring on with nowhere to put the results would waste the user's time.
          flushError = CLIError(.cannotCreate, error.description)
          interrupts.cancellation.cancel()
        }
      }
    }
    let outcome: RunOutcome
    switch MeasuringThread.run({ runner.run() }, interrupts: interrupts) {
    case .returned(let returned):
      outcome = returned
    case .abandoned:
      // The cell's library call is still running; what the visits before it measured is kept.
      gate.seal()
      let (kept, dropped) = runner.interruptedOutcome(live)
      outcome = kept
      progress.abandoned(dropped: dropped, after: MeasuringThread.graceSeconds)
    }
    progress.finish()
    if let flushError { throw flushError }

    // 4. Instruction counts (from a valgrind child), the verdict, the reports, then the summary.
    var document = outcome.document(context: context, extraWarnings: environmentWarnings)
    if InstructionRun.addsCountsAfterTiming(options), !interrupts.wasInterrupted {
      document = try InstructionRun.addCounts(to: document, console: console)
    }
    addVerdict(to: &document, upload: upload)
    try writeReports(document, to: folder, upload: upload)
    try folder.updateLatest()
    printSummary(document, folder: folder)

    if interrupts.wasInterrupted || !document.complete {
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

  private func makePlan(_ corpora: RunCorpora.Prepared) throws(CLIError) -> MeasurementPlan {
    let plan: MeasurementPlan
    do throws(PlanError) {
      plan = try MeasurementPlan.make(
        payloadSets: corpora.payloadSets, backends: options.backends, levels: options.levels,
        settings: options.settings, dictionaries: corpora.dictionaries)
    } catch {
      if case .invalidDictionary = error { throw .dataError("\(Self.command): \(error.description)") }
      throw .usage("\(Self.command): \(error.description)")
    }
    guard !plan.cells.isEmpty else {
      let reason = plan.skipped.first.map { ": \($0.reason)" } ?? ""
      throw .usage("\(Self.command): nothing to measure; every cell of the selection is skipped\(reason)")
    }
    return plan
  }

  private func startUpload(dictionaryPaths: [String]) throws(CLIError) -> (any RunUploadSession)? {
    guard let target = options.uploadTarget else { return nil }
    guard let start = RunHooks.upload else {
      throw .usage("\(Self.command): --upload is not available in this build yet")
    }
    return try start(target, options.links, dictionaryPaths, console)
  }

  /// The upload model's parameters (the request head measured once, from a real URLSession
  /// request against the echo server) and the verdict they give for the measured cells.
  private func addVerdict(to document: inout ResultsDocument, upload: (any RunUploadSession)?) {
    let head = RequestHeadProbe.measure()
    let parameters = ModelParameters(
      requestHeadBytes: head.bytes, requestHeadSource: head.source, connection: options.connection,
      links: options.modelLinks.sorted { $0.uplinkBitsPerSecond < $1.uplinkBitsPerSecond },
      devices: options.devices)
    document.model = parameters
    document.verdict = Verdict.rows(
      document, cells: SummarizedCell.all(document), parameters: parameters,
      extraUploads: upload?.extraMeasurements ?? [:])
  }

  private func writeReports(
    _ document: ResultsDocument, to folder: ResultsFolder, upload: (any RunUploadSession)?
  ) throws(CLIError) {
    var extras = ReportExtras(uploads: upload?.extraMeasurements ?? [:])
    do throws(ResultsWriteError) {
      try ResultsWriter.write(document, to: folder.url, extras: extras)
      // Plots are drawn from the written files, then report.md is written again to link them.
      if options.plots, let render = RunHooks.plots {
        extras.plots = render(folder.url, console)
        if !extras.plots.isEmpty { try ResultsWriter.write(document, to: folder.url, extras: extras) }
      }
    } catch {
      throw CLIError(.cannotCreate, "\(Self.command): \(error.description)")
    }
  }

  private func printSummary(_ document: ResultsDocument, folder: ResultsFolder) {
    var lines = ["Report: \(folder.displayPath)/report.md (report.html, results.csv and results.json beside it)"]
    if let rows = document.verdict, !rows.isEmpty, let model = document.model {
      let kind = model.isCold ? "cold connection" : "warm connection"
      lines.append("Verdict (modelled ms per request, \(kind); details in report.md):")
      lines += VerdictText.consoleLines(rows)
    }
    let noisy = ReportWarnings.noisyCells(SummarizedCell.all(document))
    if !noisy.isEmpty {
      let count = noisy.count
      lines.append(
        "\(count) measurement\(count == 1 ? " is" : "s are") noisy (CV above \(Int(ReportWarnings.noisyCVPercent)) %); "
          + "the report lists them")
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
