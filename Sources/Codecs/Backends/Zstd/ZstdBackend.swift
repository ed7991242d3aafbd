import CZstd
import DeflateBenchSupport

/// Zstandard, a reference codec for `Content-Encoding: zstd`: one container, `zstd` frames.
///
/// Levels are the fast levels -7 to -1 and the regular levels 1 to `ZSTD_maxCLevel()` (22).
/// zstd accepts negative levels down to `ZSTD_minCLevel()` (-131072), but each step below 0 only
/// widens the fast matcher's stride; past about -7 the output approaches the input size while the
/// speed gain flattens, and "all levels" must stay a list a person can run. Level 0 is excluded
/// because zstd treats it as "the default" (3), a duplicate. The bounds are clamped to what the
/// loaded library reports.
///
/// zstd is the only Zstandard implementation installed, so its output is verified by its own
/// decoder (`verifier` says so).
public struct ZstdBackend: CompressionBackend {
  public init() {}

  /// The slowest fast level offered; see the type's documentation.
  public static let fastestLevel = -7

  public var name: String { "zstd" }
  /// First of the reference codecs.
  public var listingOrder: Int { 0 }
  public var version: String { String(cString: ZSTD_versionString()) }
  public var levels: [Int] {
    Array(max(Self.fastestLevel, Int(ZSTD_minCLevel()))...(-1)) + Array(1...Int(ZSTD_maxCLevel()))
  }
  public var defaultLevel: Int { Int(ZSTD_defaultCLevel()) }
  public var containers: [Container] { [.zstd] }
  public var maxInputBytes: Int? { nil }
  public var verifier: VerifierChoice { .onlyImplementationInstalled }
  /// libzstd, encoder and decoder in one library.
  public var compressorLibrarySymbols: [String] { ["ZSTD_compress2"] }
  /// The default suite's levels; see `LevelSelection.standard` for why the rest are left out.
  public var standardLevels: [Int] { levels.filter { $0 >= 1 && $0 <= 12 || [-7, -3, -1].contains($0) } }

  public func makeCompressorUnchecked(level: Int, container: Container) throws(CodecError) -> any Compressor {
    try ZstdCompressor(level: level)
  }

  public func makeDecompressorUnchecked(container: Container) throws(CodecError) -> any Decompressor {
    try ZstdDecompressor()
  }

  /// Frames back to back decode as one stream, as zstd -d does, with windows up to 2^27 (zstd -d's
  /// default limit). dcz needs a dictionary, so it has no streaming decoder here.
  public func makeStreamingDecoder(container: Container, limits: StreamingDecodeLimits)
    throws(StreamingDecodeError) -> (any StreamingDecoder)?
  {
    container == .zstd ? try ZstdStreamingDecoder(limits: limits, maxWindowLog: Self.decompressWindowLog) : nil
  }

  /// The largest window `decompress` accepts (128 MiB, what `zstd -d` accepts without
  /// `--memory`); the server caps it at 8 MiB instead (`ZstdStreamingDecoder`).
  static let decompressWindowLog: Int32 = 27
}
