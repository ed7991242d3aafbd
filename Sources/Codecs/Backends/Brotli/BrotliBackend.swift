import CBrotli
import DeflateBenchSupport

/// Brotli, a reference codec for `Content-Encoding: br`: qualities 0-11 as levels, one container.
/// brotli is the only Brotli implementation installed, so its output is verified by its own
/// decoder (`verifier` says so). See `BrotliCompressor` for what reuse means with brotli.
public struct BrotliBackend: CompressionBackend {
  public init() {}

  public var name: String { "brotli" }
  public var listingOrder: Int { 1 }
  /// `BrotliEncoderVersion()`, packed as major << 24 | minor << 12 | patch.
  public var version: String {
    let packed = BrotliEncoderVersion()
    return "\(packed >> 24).\((packed >> 12) & 0xFFF).\(packed & 0xFFF)"
  }
  public var levels: [Int] { Array(Int(BROTLI_MIN_QUALITY)...Int(BROTLI_MAX_QUALITY)) }
  /// BROTLI_DEFAULT_QUALITY: brotli's library and command both default to the strongest quality.
  public var defaultLevel: Int { Int(BROTLI_DEFAULT_QUALITY) }
  public var containers: [Container] { [.br] }
  public var maxInputBytes: Int? { nil }
  public var verifier: VerifierChoice { .onlyImplementationInstalled }
  /// libbrotlienc, and libbrotlicommon, which holds the static dictionary and the tables the
  /// encoder reads.
  public var compressorLibrarySymbols: [String] { ["BrotliEncoderCompressStream", "BrotliGetDictionary"] }
  /// The default suite's levels; see `LevelSelection.standard` for why the rest are left out.
  public var standardLevels: [Int] { levels.filter { $0 <= 8 } }

  public func makeCompressorUnchecked(level: Int, container: Container) throws(CodecError) -> any Compressor {
    BrotliCompressor(quality: level)
  }

  public func makeDecompressorUnchecked(container: Container) throws(CodecError) -> any Decompressor {
    BrotliDecompressor()
  }

  public func makeStreamingDecoder(container: Container, limits: StreamingDecodeLimits)
    throws(StreamingDecodeError) -> (any StreamingDecoder)?
  {
    container == .br ? try BrotliStreamingDecoder(limits: limits) : nil
  }
}
