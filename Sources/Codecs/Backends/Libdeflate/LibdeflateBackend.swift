import CLibdeflate
import CLibdeflateLoop
import DeflateBenchSupport

/// libdeflate: levels 0-12 (0 writes stored blocks only), gzip / zlib / raw DEFLATE, whole
/// buffers with `size_t` lengths, so there is no size limit. Its output is verified by zlib.
public struct LibdeflateBackend: CompressionBackend {
  public init() {}

  public var name: String { "libdeflate" }
  public var listingOrder: Int { 2 }
  /// LIBDEFLATE_VERSION_STRING via the shim: libdeflate 1.14 has no run-time version call, and the
  /// shared library's soname pins the ABI the binary runs with.
  public var version: String { String(cString: deflatebench_libdeflate_version()) }
  public var levels: [Int] { Array(0...12) }
  /// libdeflate's documented default (its gzip tool uses 6 as well).
  public var defaultLevel: Int { 6 }
  public var containers: [Container] { [.gzip, .zlib, .raw] }
  public var maxInputBytes: Int? { nil }
  public var verifier: VerifierChoice { .backend("zlib") }
  /// libdeflate.
  public var compressorLibrarySymbols: [String] { ["libdeflate_deflate_compress"] }
  /// The default suite's levels; see `LevelSelection.standard` for why the rest are left out.
  public var standardLevels: [Int] { levels.filter { $0 <= 9 } }
  public var calibrationLoop: CalibrationLoop? { CalibrationLoop(cal_libdeflate_loop) }

  public func makeCompressorUnchecked(level: Int, container: Container) throws(CodecError) -> any Compressor {
    try LibdeflateCompressor(level: level, container: container)
  }

  public func makeDecompressorUnchecked(container: Container) throws(CodecError) -> any Decompressor {
    try LibdeflateDecompressor(container: container)
  }
}
