import DeflateBenchMeasurement
import DeflateBenchSupport

/// `--container` and `--min-time`, parsed alike by `run` and `calibrate`: the framing the
/// DEFLATE backends write and the shortest one timed batch may last. Each command says in its
/// own words what a batch is (`Purpose`); the choices, the range, the errors and the defaults
/// are the group's.
struct TimingOptions {
  var container: Container
  var minTimeSeconds: Double

  /// The command the options time for, and so the words and the default of its help.
  enum Purpose {
    case run
    case calibrate
  }

  static let containers = OptionChoices(option: "container", values: Container.deflate.map(\.rawValue))
  static let defaultContainer = RunSettings().container
  /// Above 0 and at most a minute: a longer batch would take a run's hours past any use.
  static let minTimeLimit = 60.0

  /// - Parameter defaultMinTime: the command's own (`run --quick` has a shorter one).
  init(_ arguments: ParsedArguments, defaultMinTime: Double) throws(CLIError) {
    let name = try Self.containers.parse(arguments, default: Self.defaultContainer.rawValue)
    container = Container.deflate.first { $0.rawValue == name } ?? Self.defaultContainer
    minTimeSeconds = defaultMinTime
    if let seconds = try arguments.double("min-time") {
      guard seconds > 0, seconds <= Self.minTimeLimit else {
        throw .usage("--min-time expects seconds above 0 and at most \(Int(Self.minTimeLimit)); got '\(seconds)'")
      }
      minTimeSeconds = seconds
    }
  }

  static func container(_ purpose: Purpose) -> OptionSpec {
    let help =
      switch purpose {
      case .run:
        "The framing the DEFLATE backends write: \(RegistryText.list(Container.deflate.map(glossed))). \(RegistryText.list(RegistryText.ownContainerOnly, "and")) always write their own container, as the alternatives being compared. Default: \(defaultContainer)."
      case .calibrate:
        "The DEFLATE framing to write: \(containers.listed) (a backend that writes no DEFLATE writes its own). Default: \(defaultContainer)."
      }
    return .value("container", "container", help: help)
  }

  static func minTime(_ purpose: Purpose) -> OptionSpec {
    let help =
      switch purpose {
      case .run:
        "The shortest one timed batch may last; the batch of passes over a payload set grows until it takes this long. Default: \(RunSettings().minTimeSeconds) (\(RunSettings.quickMinTimeSeconds) with --quick)."
      case .calibrate:
        "The shortest one timing may last; the batch grows until it does. Default: \(HarnessCalibrator.defaultMinTimeSeconds)."
      }
    return .value("min-time", "seconds", help: help)
  }

  /// A DEFLATE container with what HTTP calls it: "gzip (an HTTP gzip body)", "zlib (HTTP
  /// deflate)", "raw" (HTTP has no name for it).
  private static func glossed(_ container: Container) -> String {
    guard let token = container.contentEncoding else { return container.rawValue }
    return token == container.rawValue
      ? "\(container.rawValue) (an HTTP \(token) body)" : "\(container.rawValue) (HTTP \(token))"
  }
}
