/// Conditions that make timings less trustworthy, in words for the console and the report.
public enum EnvironmentWarnings {
  /// Load average per logical core above which the machine counts as busy: half the cores
  /// already had something to run, so the run shares them.
  public static let busyLoadPerCore = 0.5

  /// Every warning this machine and build deserve.
  public static func warnings(for system: SystemInfo, buildConfiguration: String) -> [String] {
    var warnings: [String] = []
    if buildConfiguration != "release" {
      warnings.append(
        "this is a \(buildConfiguration) build: its speeds are not representative; build with "
          + "'swift build -c release' for real measurements")
    }
    if let load = system.loadAverage, load > busyLoadPerCore * Double(max(system.logicalCores, 1)) {
      warnings.append(
        "the load average was \(formatted(load)) on \(system.logicalCores) logical cores at the start: "
          + "other processes compete for the CPU and speeds will be lower and noisier")
    }
    if let governor = system.governor, governor != "performance" {
      warnings.append(
        "the CPU frequency governor is '\(governor)', not 'performance': clock speed may change "
          + "during the run (set it with 'cpupower frequency-set -g performance')")
    }
    return warnings
  }

  private static func formatted(_ value: Double) -> String {
    let hundredths = (value * 100).rounded() / 100
    return "\(hundredths)"
  }
}
