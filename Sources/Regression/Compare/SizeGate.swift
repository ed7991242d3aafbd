import DeflateBenchResults

/// The size test. A library at a given version, level, container and code path writes the same
/// bytes for the same input every time, so compressed sizes are compared exactly, not
/// statistically: any change at the same version and path means the build or the way it is
/// called changed. A backend whose output depends on the CPU (ISA-L level 3 picks its matcher by
/// AVX2 / AVX-512 at run time) records its path per cell; between two paths the sizes may differ
/// and the change is listed, never failed.
enum SizeGate {
  /// The size change of one cell, or nil when the size is the same.
  static func judge(baseline: CellResult, current: CellResult, strict: Bool) -> SizeFinding? {
    guard baseline.outputBytes != current.outputBytes else { return nil }
    let sameVersion = baseline.version == current.version
    let samePath = baseline.codePath == current.codePath
    return SizeFinding(
      key: current.key, baselineBytes: baseline.outputBytes, currentBytes: current.outputBytes,
      baselineVersion: baseline.version, currentVersion: current.version,
      fails: samePath && (sameVersion || strict), baselinePath: baseline.codePath, currentPath: current.codePath)
  }
}
