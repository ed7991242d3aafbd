/// The CPU caches as the machine reports them, recorded with every run: a cold call's cost, the
/// sweep that makes it cold and a run's time all follow them, and a hypervisor may report sizes
/// that are not the hardware's (a VM said 300 MiB of L3 where its siblings said 32 MiB, issue #26).
public struct ReportedCaches: Codable, Sendable, Equatable {
  /// cpu0's level-2 cache in bytes (per core on most CPUs), when one is reported.
  public var l2Bytes: Int?
  /// The highest level reported: 3 on most x86 CPUs, 2 where there is no L3.
  public var lastLevel: Int
  /// That level's size in bytes (the whole cache, shared by the cores that share it).
  public var lastLevelBytes: Int
  /// Where the sizes were read: `sysfs` (what the kernel read from CPUID; lscpu shows the same),
  /// or `sysconf` (glibc's reading, only where sysfs has none).
  public var source: String

  public init(l2Bytes: Int?, lastLevel: Int, lastLevelBytes: Int, source: String) {
    self.l2Bytes = l2Bytes
    self.lastLevel = lastLevel
    self.lastLevelBytes = lastLevelBytes
    self.source = source
  }
}
