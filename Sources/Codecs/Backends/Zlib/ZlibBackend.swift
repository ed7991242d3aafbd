import CZlib
import CZlibLoop
import DeflateBenchSupport

/// The system zlib: levels 0-9, gzip / zlib / raw DEFLATE. Inputs over 4 GiB are fed to its
/// 32-bit length fields in chunks, so there is no size limit. Its output is verified by libdeflate,
/// a separate DEFLATE implementation.
public struct ZlibBackend: CompressionBackend {
  public init() {}

  public var name: String { "zlib" }
  /// First: zlib level 6 is the reference every report compares against.
  public var listingOrder: Int { 0 }
  /// `zlibVersion()`: the library loaded at run time, which may differ from the header's ZLIB_VERSION.
  public var version: String { String(cString: zlibVersion()) }
  public var levels: [Int] { Array(0...9) }
  /// Z_DEFAULT_COMPRESSION (-1) means level 6 in zlib.
  public var defaultLevel: Int { 6 }
  public var containers: [Container] { [.gzip, .zlib, .raw] }
  public var maxInputBytes: Int? { nil }
  public var verifier: VerifierChoice { .backend("libdeflate") }
  /// libz, through deflate.
  public var compressorLibrarySymbols: [String] { ["deflate"] }
  public var calibrationLoop: CalibrationLoop? { CalibrationLoop(cal_zlib_loop) }

  /// With the DEFLATE preset of a dictionary or without one (`DeflatePresetBackend` makes the
  /// plain contexts through these with nil).
  public func makeCompressor(level: Int, container: Container, preset: [UInt8]?) throws(CodecError) -> any Compressor {
    try ZlibCompressor(level: level, container: container, preset: preset)
  }

  public func makeDecompressor(container: Container, preset: [UInt8]?) throws(CodecError) -> any Decompressor {
    try ZlibDecompressor(container: container, preset: preset)
  }

  /// zlib's inflate reads every member of a gzip file, as gzip -d does.
  public func makeStreamingDecoder(container: Container, limits: StreamingDecodeLimits)
    throws(StreamingDecodeError) -> (any StreamingDecoder)?
  {
    InflateStreamingDecoder(container: container, limits: limits)
  }
}
