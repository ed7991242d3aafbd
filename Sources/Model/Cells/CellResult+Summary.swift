import DeflateBenchResults

/// The figures reports show for a cell, derived from its raw samples. Each property computes a
/// fresh summary, so read it once and keep the value. No summary bootstraps its median: the
/// reports' interval is the headline's (`HeadlineSpeed`), which needs no resampling.
extension CellResult {
  /// Compression speed in MB/s; nil when the cell has no samples (it failed or was skipped).
  public var compressSummary: SampleSummary? { SampleSummary(compressSamplesMBps, bootstrap: nil) }
  /// Compression speed per CPU second in MB/s.
  public var compressCPUSummary: SampleSummary? { SampleSummary(compressCPUSamplesMBps, bootstrap: nil) }
  /// Decompression speed in MB/s of uncompressed output.
  public var decompressSummary: SampleSummary? { SampleSummary(decompressSamplesMBps, bootstrap: nil) }
  /// Cold-call cost in microseconds.
  public var coldSummary: SampleSummary? { SampleSummary(coldSamplesMicroseconds, bootstrap: nil) }

  /// True when the cell produced compression figures without an error: the cells that may be
  /// compared, ranked and picked.
  public var isMeasured: Bool {
    error == nil && (compressSamplesMBps.contains(where: \.isFinite) || compressInstructionsPerByte != nil)
  }

  /// `corpus/split`, the payload set this cell measured, as `PayloadSet.label` spells it.
  public var payloadSetLabel: String { "\(corpus)/\(split)" }
}
