import DeflateBenchResults

/// The machine a run was made on and what the run cost, in words: report.md's context and the
/// figures the docs quote from a results folder say them the same way.
public enum MachineText {
  /// "L2 512 KiB, L3 32 MiB (sysfs)"; nil in files that recorded no caches.
  public static func caches(_ caches: ReportedCaches?) -> String? {
    guard let caches else { return nil }
    var levels: [String] = []
    if let l2 = caches.l2Bytes, caches.lastLevel > 2 { levels.append("L2 \(NumberText.binaryBytes(l2))") }
    levels.append("L\(caches.lastLevel) \(NumberText.binaryBytes(caches.lastLevelBytes))")
    return levels.joined(separator: ", ") + " (\(caches.source))"
  }

  /// "AMD EPYC, 2 logical cores, L2 512 KiB, L3 32 MiB (sysfs)", saying so when the file
  /// recorded no caches.
  public static func machine(_ context: RunContext) -> String {
    "\(context.cpuModel), \(context.logicalCores) logical cores, "
      + (caches(context.caches) ?? "caches not recorded")
  }

  /// "7 min 35 s, peak resident memory 215 MiB"; nil in files that recorded neither.
  public static func runCost(_ context: RunContext) -> String? {
    let parts = [
      context.runWallSeconds.map(NumberText.wallTime),
      context.peakResidentBytes.map { "peak resident memory \(NumberText.binaryBytes($0))" },
    ].compactMap { $0 }
    return parts.isEmpty ? nil : parts.joined(separator: ", ")
  }
}
