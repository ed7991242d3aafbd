import DeflateBenchResults
import DeflateBenchSupport
import Foundation

extension RunContext {
  /// The context of a run starting now on this machine.
  ///
  /// - Parameters:
  ///   - system: what `SystemInfo.current()` read.
  ///   - libraryVersions: backend name to the library's runtime version, for every backend used.
  ///   - commandLine: the program's arguments as the user typed them.
  ///   - projectVersion: `git describe` of the project, or the package version without git.
  public static func make(
    system: SystemInfo, libraryVersions: [String: String], commandLine: [String], settings: RunSettings,
    projectVersion: String, date: Date = Date()
  ) -> RunContext {
    RunContext(
      date: iso8601(date), cpuModel: system.cpuModel, logicalCores: system.logicalCores,
      memoryBytes: system.memoryBytes, os: system.os, kernel: system.kernel, swiftVersion: BuildInfo.swiftVersion,
      buildConfiguration: BuildInfo.configuration, libraryVersions: libraryVersions,
      commandLine: commandLine.map(shellQuoted).joined(separator: " "), seed: settings.seed,
      minTimeSeconds: settings.minTimeSeconds, repetitions: settings.repetitions, projectVersion: projectVersion,
      shard: settings.shard?.description, loadAverage: system.loadAverage, governor: system.governor,
      cpuFeatures: CPUFeatures.current.names, underValgrind: CallgrindCounter.isRunningOnValgrind,
      testHook: testHooks, caches: system.caches, batchesPerSample: settings.batchesPerSample)
  }

  /// The test-only hooks set in the environment, as `testHook` records them; nil for a real run.
  static var testHooks: String? {
    let settings = [InjectedExtraWork.current?.setting, InjectedCorruption.current?.setting].compactMap { $0 }
    return settings.isEmpty ? nil : settings.joined(separator: " ")
  }

  /// `2026-03-01T12:00:00Z`.
  public static func iso8601(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    formatter.timeZone = TimeZone(identifier: "UTC")
    return formatter.string(from: date)
  }

  /// An argument as a POSIX shell would need it written to get it back unchanged.
  static func shellQuoted(_ argument: String) -> String {
    let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:,+@%")
    if !argument.isEmpty, argument.allSatisfy({ safe.contains($0) }) { return argument }
    return "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
