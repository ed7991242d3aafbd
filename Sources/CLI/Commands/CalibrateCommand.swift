import DeflateBenchCodecs
import DeflateBenchCorpora
import DeflateBenchMeasurement
import DeflateBenchModel
import DeflateBenchSupport
import Foundation

/// `deflate-bench calibrate`: shows that the harness adds nothing measurable to the libraries it
/// times, by timing the same compression through the harness and through a tight C loop.
enum CalibrateCommand: Command {
  static let spec = CommandSpec(
    name: "calibrate",
    abstract: "Times the harness against a tight C loop over the same libraries.",
    discussion: """
      For \(RegistryText.list(RegistryText.withCalibrationLoops, "and")) it compresses the same buffers through the harness's own \
      timing loop (the path every 'run' sample takes) and through a loop written in C calling \
      the same library with the same settings, interleaved round by round (Swift then C, then C \
      then Swift, ...), and prints the median ratio of Swift time to C time with its spread. \
      1.000 means no overhead. Two shapes are measured: one 1 MB payload, where the goal is \
      within 2 %, and a set of 500 payloads of 200 bytes, where per-call costs show and the goal \
      is within 5 %. Before timing, the C loop's output is checked to be byte-identical to the \
      Swift path's, so both do the same work.

      Measure a release build on an otherwise idle machine: swift build -c release, then \
      .build/release/deflate-bench calibrate.
      """,
    options: [
      .value(
        "backends", "list",
        help:
          "Comma-separated backends to calibrate: \(RegistryText.withCalibrationLoops.joined(separator: ", ")). Default: all of them."
      ),
      .value("level", "n", help: "The level to compress at. Default: each backend's default level."),
      TimingOptions.container(.calibrate),
      .value(
        "rounds", "n",
        help:
          "How many Swift/C pairs to time per backend and payload shape. Default: \(HarnessCalibrator.defaultRounds)."
      ),
      TimingOptions.minTime(.calibrate),
      .value(
        "input", "file",
        help:
          "Cut the payloads from this file (repeated when shorter than 1 MB) instead of generated Mixpanel JSON events."
      ),
      .flag("check", help: "Exit with status 1 when a ratio is outside its goal, for scripts and CI."),
      .flag("allow-debug", help: "Run even though this is a debug build, whose Swift path is not optimized."),
    ],
    exitCodes: ExitCode.table([.success, .failure, .usage, .missingInput, .cannotCreate]))

  static func run(_ arguments: ParsedArguments, console: Console) throws(CLIError) -> ExitCode {
    let backends = try calibrationBackends(arguments)
    let timing = try TimingOptions(arguments, defaultMinTime: HarnessCalibrator.defaultMinTimeSeconds)
    let rounds = try arguments.int("rounds") ?? HarnessCalibrator.defaultRounds
    guard (1...1_000).contains(rounds) else { throw .usage("--rounds expects 1 to 1000; got \(rounds)") }
    let level = try arguments.int("level")
    if BuildInfo.isDebug, !arguments.flag("allow-debug") {
      throw .usage(
        "this is a debug build, whose Swift path is unoptimized; build with 'swift build -c release', "
          + "or pass --allow-debug to run anyway")
    }
    let source = try sourceBytes(arguments.string("input"))
    let shapes = CalibrationGoal.all.map { ($0.payloadSet(cutFrom: source), $0) }

    let calibrator = HarnessCalibrator(minTimeSeconds: timing.minTimeSeconds, rounds: rounds)
    var rows: [[String]] = []
    var outside = 0
    for backend in backends {
      let chosenLevel = level ?? backend.defaultLevel
      do throws(CodecError) {
        try backend.validate(level: chosenLevel)
      } catch {
        throw .usage("--level: \(error.description)")
      }
      for (set, goal) in shapes {
        let measurement: CalibrationMeasurement
        do throws(CalibrationError) {
          // A backend that writes no DEFLATE is timed in its own framing, as `run` measures it.
          measurement = try calibrator.measure(
            backend: backend, level: chosenLevel,
            container: MatrixPlan.container(for: backend, requested: timing.container) ?? timing.container,
            payloadSet: set)
        } catch {
          throw .failure(error.description)
        }
        let row = tableRow(measurement, goal: goal)
        if row.last != "yes" { outside += 1 }
        rows.append(row)
      }
    }
    console.out(
      TextTable.render(
        header: ["backend", "payloads", "Swift MB/s", "C MB/s", "Swift/C", "spread (min-max)", "goal", "met"],
        rows: rows))
    console.out("Swift/C is the median over \(rounds) rounds of Swift time / C time; 1.000 means no overhead.\n")
    if BuildInfo.isDebug { console.out("This is a debug build: its figures do not describe the release harness.\n") }
    return arguments.flag("check") && outside > 0 ? .failure : .success
  }

  // MARK: - Options and inputs

  private static func calibrationBackends(_ arguments: ParsedArguments) throws(CLIError) -> [any CompressionBackend] {
    let names =
      arguments.string("backends").map { $0.split(separator: ",").map(String.init) }
      ?? HarnessCalibrator.backendNames
    var backends: [any CompressionBackend] = []
    for name in names {
      guard HarnessCalibrator.backendNames.contains(name) else {
        throw .usage(
          "--backends: '\(name)' has no C reference loop; choose from "
            + HarnessCalibrator.backendNames.joined(separator: ", "))
      }
      do throws(CodecError) {
        backends.append(try BackendRegistry.backend(named: name))
      } catch {
        throw .usage("--backends: \(error.description)")
      }
    }
    return backends
  }

  /// The bytes payloads are cut from: the `--input` file, or `CalibrationGoal.defaultSource()`.
  private static func sourceBytes(_ path: String?) throws(CLIError) -> [UInt8] {
    if let path {
      let bytes = try ByteIO.read(path: path)
      guard !bytes.isEmpty else { throw .usage("--input \(path) is empty") }
      return bytes
    }
    do throws(CorpusError) {
      return try CalibrationGoal.defaultSource()
    } catch {
      throw .failure("cannot generate the calibration payloads: \(error.description)")
    }
  }

  private static func tableRow(_ measurement: CalibrationMeasurement, goal: CalibrationGoal) -> [String] {
    let ratio = measurement.ratio
    let median = ratio?.median ?? .nan
    let met = goal.isMet(byRatio: median)
    let shape =
      measurement.payloads == 1
      ? "1 x \(measurement.inputBytes) B"
      : "\(measurement.payloads) x \(measurement.inputBytes / measurement.payloads) B"
    return [
      "\(measurement.backend) \(measurement.level) \(measurement.container.rawValue)", shape,
      fixed(SampleSummary(measurement.swiftMBps, bootstrap: nil)?.median ?? 0, 1),
      fixed(SampleSummary(measurement.cMBps, bootstrap: nil)?.median ?? 0, 1), fixed(median, 3),
      "\(fixed(ratio?.minimum ?? .nan, 3))-\(fixed(ratio?.maximum ?? .nan, 3))",
      "within \(Int(goal.tolerance * 100)) %", met ? "yes" : "no",
    ]
  }

  private static func fixed(_ value: Double, _ decimals: Int) -> String {
    guard value.isFinite else { return "-" }
    return String(format: "%.\(decimals)f", value)
  }
}
