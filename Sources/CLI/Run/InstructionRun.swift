import DeflateBenchMeasurement
import DeflateBenchResults
import Dispatch
import Foundation

/// `run --metric instructions`: the executable starts itself again under valgrind's callgrind,
/// one valgrind process for the whole matrix, with collection off except around each counted
/// pass (see `CallgrindCounter`). The parent only waits and cleans up; the child, which knows it
/// is one by the environment variables below, measures.
///
/// - `--metric instructions`: the child does the whole run (reports, uploads, plots).
/// - `--metric time,instructions`: the parent times natively, then a child counts the same plan
///   into a scratch folder (no uploads, no plots) and the parent adds its counts to its own cells.
enum InstructionRun {
  /// Set in the child: the `--callgrind-out-file` its counter reads dumps from.
  static let dumpPrefixVariable = "DEFLATEBENCH_CALLGRIND_OUT"
  /// Set in a counting-only child: the folder for its results.json.
  static let countsFolderVariable = "DEFLATEBENCH_INSTRUCTIONS_OUT"

  /// In a valgrind child, turns the options the user typed into the child's: count, do not time.
  static func adaptForChild(_ options: inout RunOptions, environment: [String: String]) throws(CLIError) {
    guard let prefix = environment[dumpPrefixVariable], !prefix.isEmpty else { return }
    guard CallgrindCounter.isRunningOnValgrind else {
      throw .usage("\(dumpPrefixVariable) is set but this process is not running under valgrind; unset it")
    }
    options.measurement.callgrindDumpPrefix = prefix
    options.measurement.metrics = [.instructions]
    options.measurement.settings.metric = .instructions
    // One count per cell is all a deterministic metric needs; the results record it so.
    options.measurement.settings.repetitions = 1
    options.measurement.settings.precision = nil
    if let folder = environment[countsFolderVariable], !folder.isEmpty {
      options.output.outPath = folder
      options.upload.target = nil
      options.model.links = []
      options.output.plots = false
    }
  }

  /// True when this process must hand the whole run to a valgrind child.
  static func delegatesWholeRun(_ options: RunOptions) -> Bool {
    options.measurement.callgrindDumpPrefix == nil && options.measurement.metrics == [.instructions]
  }

  /// True when this process times and a child adds instruction counts afterwards.
  static func addsCountsAfterTiming(_ options: RunOptions) -> Bool {
    options.measurement.callgrindDumpPrefix == nil && options.measurement.metrics.contains(.instructions)
  }

  /// The valgrind executable, or the error that says how to get it.
  static func valgrind() throws(CLIError) -> String {
    guard let path = onPath("valgrind") else {
      throw CLIError(
        .unavailable,
        "--metric instructions needs valgrind, which is not on PATH; install it (Debian: apt-get install "
          + "valgrind, or bash scripts/setup.sh)")
    }
    return path
  }

  /// `strip` from binutils (or LLVM's), which makes the copy of the executable valgrind runs.
  static func strip() throws(CLIError) -> String {
    guard let path = onPath("strip") ?? onPath("llvm-strip") else {
      throw CLIError(
        .unavailable,
        "--metric instructions needs strip (Debian: apt-get install binutils, or bash scripts/setup.sh)")
    }
    return path
  }

  private static func onPath(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") where !directory.isEmpty {
      let candidate = "\(directory)/\(name)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  /// Runs the whole command again under valgrind and returns the child's exit status.
  static func delegate(console: Console) throws(CLIError) -> ExitCode {
    let status = try runChild(extraEnvironment: [:], console: console)
    return ExitCode(rawValue: status) ?? .failure
  }

  /// Counts instructions for the cells of `document` in a valgrind child and returns the
  /// document with the counts added (`CellResult.addInstructionCounts`: a size difference fails
  /// the cell unless the backend's CPU-dependent code path explains it).
  static func addCounts(to document: ResultsDocument, console: Console) throws(CLIError) -> ResultsDocument {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
      "deflate-bench-counts-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let status = try runChild(extraEnvironment: [countsFolderVariable: scratch.path], console: console)
    let counted: ResultsDocument
    do {
      counted = try ResultsDocument.load(from: scratch.appendingPathComponent("results.json"))
    } catch {
      throw .failure("the instruction run under valgrind (exit status \(status)) left no results: \(error)")
    }
    var byKey: [CellKey: CellResult] = [:]
    for cell in counted.cells { byKey[cell.key] = cell }
    var merged = document
    // Counts from an interrupted child cover only some cells: the run is then incomplete too.
    if status == ExitCode.interrupted.rawValue || !counted.complete { merged.complete = false }
    if let features = counted.context.cpuFeatures, features != merged.context.cpuFeatures {
      merged.context.instructionRunCPUFeatures = features
    }
    for index in merged.cells.indices {
      guard let twin = byKey[merged.cells[index].key] else { continue }
      merged.cells[index].addInstructionCounts(from: twin)
    }
    return merged
  }

  // MARK: - The child

  /// Starts `valgrind --tool=callgrind ... <this executable> <the same arguments>`, waits for it
  /// and deletes its dumps. Ctrl-C reaches the child through the terminal's process group, so the
  /// parent ignores it and waits for the child's partial reports; a SIGTERM sent to the parent
  /// alone is passed on.
  private static func runChild(extraEnvironment: [String: String], console: Console) throws(CLIError) -> Int32 {
    let valgrind = try valgrind()
    let dumps = FileManager.default.temporaryDirectory.appendingPathComponent(
      "deflate-bench-callgrind-\(UUID().uuidString)")
    do {
      try FileManager.default.createDirectory(at: dumps, withIntermediateDirectories: true)
    } catch {
      throw CLIError(.cannotCreate, "cannot create a folder for callgrind's dumps in \(dumps.path): \(error)")
    }
    defer { try? FileManager.default.removeItem(at: dumps) }
    let prefix = dumps.appendingPathComponent("callgrind.out").path
    let executable = try strippedCopy(into: dumps)

    let process = Process()
    process.executableURL = URL(fileURLWithPath: valgrind)
    // Collection is off until a counted pass switches it on; per-thread dumps keep other threads
    // out of the count (see CallgrindCounter); -q keeps valgrind's banner out of the output.
    process.arguments =
      [
        "--tool=callgrind", "--collect-atstart=no", "--separate-threads=yes", "--callgrind-out-file=\(prefix)", "-q",
      ] + allocatorToggles + [executable]
      + CommandLine.arguments.dropFirst()
    var environment = ProcessInfo.processInfo.environment
    environment[dumpPrefixVariable] = prefix
    // Swift seeds its hash function randomly per process, which changes the order and sizes of
    // allocations before each pass, hence the heap's layout, and with it malloc's path lengths
    // and the alignment-dependent paths of memcpy inside the libraries: counts moved by up to
    // 0.4 % between runs. With a fixed seed, two runs agree within 0.001 % (docs/measured-figures.md).
    environment["SWIFT_DETERMINISTIC_HASHING"] = "1"
    for (name, value) in extraEnvironment { environment[name] = value }
    process.environment = environment
    do {
      try process.run()
    } catch {
      throw .failure("cannot start \(valgrind): \(error.localizedDescription)")
    }
    signal(SIGINT, SIG_IGN)
    signal(SIGTERM, SIG_IGN)
    let forward = DispatchSource.makeSignalSource(signal: SIGTERM, queue: .global())
    forward.setEventHandler { process.terminate() }
    forward.resume()
    process.waitUntilExit()
    forward.cancel()
    signal(SIGINT, SIG_DFL)
    signal(SIGTERM, SIG_DFL)
    if process.terminationReason == .uncaughtSignal {
      console.error("deflate-bench run: the valgrind child was killed by signal \(process.terminationStatus)\n")
      return 128 + process.terminationStatus
    }
    return process.terminationStatus
  }

  /// The allocator's functions, left out of every count: `--toggle-collect` flips collection off
  /// on entry and back on at return. How many instructions a malloc or free takes depends on
  /// the heap's whole history (which free chunks exist, whether a split or a merge happens), and
  /// that history differs between runs with things no pass controls: the lengths of strings read
  /// from /proc at start-up, the order Swift's hash seed gives dictionaries. With the allocator
  /// counted, the same pass moved by up to 0.7 % between runs; without it, see the README.
  static let allocatorToggles = [
    "malloc", "free", "calloc", "realloc", "posix_memalign", "aligned_alloc", "memalign", "valloc",
  ].map { "--toggle-collect=\($0)" }

  /// A copy of this executable without its debug information, in `folder`. Valgrind 3.19 (Debian
  /// 12) cannot read the DWARF 5 the Swift compiler writes and gives up on the binary; the copy
  /// has the same code, byte for byte, so it executes the same instructions.
  private static func strippedCopy(into folder: URL) throws(CLIError) -> String {
    let strip = try strip()
    let source =
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path
    let copy = folder.appendingPathComponent("deflate-bench").path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: strip)
    process.arguments = ["--strip-debug", "-o", copy, source]
    do {
      try process.run()
    } catch {
      throw .failure("cannot start \(strip): \(error.localizedDescription)")
    }
    process.waitUntilExit()
    guard process.terminationStatus == 0, FileManager.default.isExecutableFile(atPath: copy) else {
      throw .failure("\(strip) could not copy \(source) without its debug information")
    }
    // SwiftPM's resource bundles (report.html's assets) sit beside the executable: the copy finds
    // them beside itself, even where the build folder that made them is gone.
    let beside = URL(fileURLWithPath: source).deletingLastPathComponent()
    for name in (try? FileManager.default.contentsOfDirectory(atPath: beside.path)) ?? []
    where name.hasSuffix(".resources") || name.hasSuffix(".bundle") {
      try? FileManager.default.createSymbolicLink(
        at: folder.appendingPathComponent(name), withDestinationURL: beside.appendingPathComponent(name))
    }
    return copy
  }
}
