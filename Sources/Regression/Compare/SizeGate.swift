import DeflateBenchMeasurement

/// The size test. A library at a given version, level and container writes the same bytes for the
/// same input every time, so compressed sizes are compared exactly, not statistically: any change
/// at the same version means the build or the way it is called changed.
enum SizeGate {
  /// The size change of one cell, or nil when the size is the same.
  static func judge(baseline: CellResult, current: CellResult, strict: Bool) -> SizeFinding? {
    guard baseline.outputBytes != current.outputBytes else { return nil }
    let sameVersion = baseline.version == current.version
    return SizeFinding(
      key: current.key, baselineBytes: baseline.outputBytes, currentBytes: current.outputBytes,
      baselineVersion: baseline.version, currentVersion: current.version, fails: sameVersion || strict)
  }
}
