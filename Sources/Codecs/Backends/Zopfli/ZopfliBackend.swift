import CZopfli
import DeflateBenchSupport

/// Google's zopfli: a very slow DEFLATE encoder that searches for the smallest output. It writes
/// gzip / zlib / raw DEFLATE and has no decoder, so its decompressor is zlib's inflate and its
/// output is verified by zlib.
///
/// Levels are iteration counts of zopfli's optimisation loop (`ZopfliOptions.numiterations`):
///
/// | level | iterations | note                                  |
/// |-------|------------|---------------------------------------|
/// | 1     | 1          | fastest zopfli can be                 |
/// | 2     | 5          |                                       |
/// | 3     | 15         | zopfli's own default (the CLI's too)  |
/// | 4     | 50         | the point where returns are tiny      |
///
/// zopfli compresses at well under 1 MB/s (tens of KB/s at 15 iterations on text), so inputs
/// above `inputLimit` (4 MiB) are refused with `.inputTooLarge`; the harness skips those cells.
public struct ZopfliBackend: CompressionBackend {
  public init() {}

  /// The largest input zopfli is asked to compress: 4 MiB.
  public static let inputLimit = 4 << 20

  /// zopfli iterations for each level, in level order starting at level 1.
  public static let iterationCounts = [1, 5, 15, 50]

  /// The iteration count a level stands for.
  static func iterations(forLevel level: Int) -> Int { iterationCounts[level - 1] }

  public var name: String { "zopfli" }
  /// Last of the DEFLATE backends: the slowest, the densest.
  public var listingOrder: Int { 4 }
  /// Read from the loaded library's file name; see `ZopfliVersion`.
  public var version: String { ZopfliVersion.loaded }
  public var levels: [Int] { Array(1...Self.iterationCounts.count) }
  public var defaultLevel: Int { 3 }
  public var containers: [Container] { [.gzip, .zlib, .raw] }
  public var maxInputBytes: Int? { Self.inputLimit }
  public var verifier: VerifierChoice { .backend("zlib") }
  /// libzopfli, which calls no other compression library.
  public var compressorLibrarySymbols: [String] { ["ZopfliCompress"] }
  /// The default suite's levels; see `LevelSelection.standard` for why the rest are left out.
  public var standardLevels: [Int] { levels.filter { $0 <= 1 } }
  /// Too slow for a default suite: `--backends zopfli` measures it.
  public var inDefaultSuite: Bool { false }

  public func makeCompressorUnchecked(level: Int, container: Container) throws(CodecError) -> any Compressor {
    ZopfliCompressor(level: level, container: container)
  }

  /// zopfli cannot decode; its streams are plain DEFLATE, so zlib's inflate reads them.
  public func makeDecompressorUnchecked(container: Container) throws(CodecError) -> any Decompressor {
    try ZlibDecompressor(container: container, backendName: "zopfli")
  }

  /// Decoded with zlib, as `makeDecompressor`: inflate reads every member of a gzip file, as gzip -d does.
  public func makeStreamingDecoder(container: Container, limits: StreamingDecodeLimits)
    throws(StreamingDecodeError) -> (any StreamingDecoder)?
  {
    InflateStreamingDecoder(container: container, limits: limits)
  }
}
