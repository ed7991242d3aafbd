import CZlibNgLoop
import DeflateBenchSupport

/// zlib-ng (native API, `zng_` functions in libz-ng, so it links beside the system zlib): levels
/// 0-9, gzip / zlib / raw DEFLATE, one-shot and streaming compression, streaming decode
/// (`ZlibNgStreamingDecoder`), the DEFLATE preset dictionary (`ZlibNgBackend+Dictionary.swift`). Installed by
/// scripts/install-zlib-ng.sh (docs/zlib-ng.md). Its output is verified by zlib, a separate
/// DEFLATE implementation (zlib-ng began as a fork of zlib but rewrote deflate's match finders,
/// the fast levels' strategies and inflate's hot loops).
public struct ZlibNgBackend: CompressionBackend {
  public init() {}

  public var name: String { ZlibNgStream.backendName }
  /// Beside zlib, whose API it reimplements.
  public var listingOrder: Int { 1 }
  /// `zlibng_version()`: the library loaded at run time, such as 2.3.3.
  public var version: String { ZlibNgStream.version }
  public var levels: [Int] { Array(0...9) }
  /// Z_DEFAULT_COMPRESSION (-1) means level 6, as in zlib.
  public var defaultLevel: Int { 6 }
  public var containers: [Container] { [.gzip, .zlib, .raw] }
  /// Inputs over 4 GiB go through in steps of the 32-bit counters (`ZlibNgStream.step`).
  public var maxInputBytes: Int? { nil }
  public var verifier: VerifierChoice { .backend("zlib") }
  /// libz-ng, through its native API.
  public var compressorLibrarySymbols: [String] { ["zng_deflate"] }
  public var calibrationLoop: CalibrationLoop? { CalibrationLoop(cal_zlibng_loop) }

  /// With the DEFLATE preset of a dictionary or without one (`DeflatePresetBackend` makes the
  /// plain contexts through these with nil).
  public func makeCompressor(level: Int, container: Container, preset: [UInt8]?) throws(CodecError) -> any Compressor {
    try ZlibNgCompressor(level: level, container: container, preset: preset)
  }

  public func makeDecompressor(container: Container, preset: [UInt8]?) throws(CodecError) -> any Decompressor {
    try ZlibNgDecompressor(container: container, preset: preset)
  }
}
