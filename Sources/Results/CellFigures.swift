/// A cell's headline figures, the ones the upload model takes, with the ends of their intervals:
/// written into results.json (`cells[].figures`) for every measured cell by the verdict, so a
/// checker or a renderer (scripts/plotting) reads the numbers the verdict used instead of
/// recomputing them from the samples
/// (scripts/verdict_check.py recomputes every setting's total and the rules from these). Swift
/// never reads them back: `merge` and `run` write them anew from the samples.
public struct CellFigures: Codable, Sendable, Equatable {
  /// Compress speed on the measuring machine, MB/s: the headline figure, and the slow and fast
  /// ends of its interval.
  public var compressMBps: Double
  public var compressSlowMBps: Double
  public var compressFastMBps: Double
  /// The server's decode speed, MB/s, likewise.
  public var decompressMBps: Double
  public var decompressSlowMBps: Double
  public var decompressFastMBps: Double
  /// The cold call's extra over the warm call, microseconds on this machine (0 without paired
  /// calls): the figure and its low and high ends.
  public var setupMicroseconds: Double
  public var setupLowMicroseconds: Double
  public var setupHighMicroseconds: Double

  public init(
    compressMBps: Double, compressSlowMBps: Double, compressFastMBps: Double, decompressMBps: Double,
    decompressSlowMBps: Double, decompressFastMBps: Double, setupMicroseconds: Double,
    setupLowMicroseconds: Double, setupHighMicroseconds: Double
  ) {
    self.compressMBps = compressMBps
    self.compressSlowMBps = compressSlowMBps
    self.compressFastMBps = compressFastMBps
    self.decompressMBps = decompressMBps
    self.decompressSlowMBps = decompressSlowMBps
    self.decompressFastMBps = decompressFastMBps
    self.setupMicroseconds = setupMicroseconds
    self.setupLowMicroseconds = setupLowMicroseconds
    self.setupHighMicroseconds = setupHighMicroseconds
  }
}
