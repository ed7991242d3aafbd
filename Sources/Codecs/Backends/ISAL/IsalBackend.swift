import CISAL
import CISALLoop
import DeflateBenchSupport

/// Intel ISA-L's igzip: levels 0-3, gzip / zlib / raw DEFLATE. Its output is verified by zlib.
///
/// The stateless compressor counts bytes in 32-bit fields, so inputs are limited to the largest
/// size whose worst-case (stored-block) output still fits in 32 bits, `inputLimit`, just under
/// 4 GiB; larger inputs are refused with `.inputTooLarge` rather than truncated.
public struct IsalBackend: CompressionBackend {
  public init() {}

  /// 2^32 - 1 bytes of output, minus the wrapper, the 8 spare trailer bytes and 5 bytes for each
  /// of the (at most 65538) stored blocks an input below 4 GiB splits into.
  public static let inputLimit = uint32ChunkLimit - 26 - 5 * 65538

  public var name: String { "isal" }
  public var listingOrder: Int { 3 }
  /// ISA-L has no run-time version call; this is the version of the header the build compiled
  /// against (ISAL_MAJOR/MINOR/PATCH_VERSION), which the shared library's soname matches.
  public var version: String {
    let packed = Int(deflatebench_isal_version())
    return "\(packed / 10000).\(packed / 100 % 100).\(packed % 100)"
  }
  public var levels: [Int] { Array(0...Int(deflatebench_isal_max_level())) }
  /// `isal_deflate_init` / `isal_deflate_stateless_init` leave the level at 0.
  public var defaultLevel: Int { 0 }
  public var containers: [Container] { [.gzip, .zlib, .raw] }
  public var maxInputBytes: Int? { Self.inputLimit }
  public var verifier: VerifierChoice { .backend("zlib") }
  /// libisal.
  public var compressorLibrarySymbols: [String] { ["isal_deflate_stateless"] }
  public var calibrationLoop: CalibrationLoop? { CalibrationLoop(cal_isal_loop) }

  /// With the DEFLATE preset of a dictionary or without one (`DeflatePresetBackend` makes the
  /// plain contexts through these with nil). The stateless compressor ignores dictionaries, so a
  /// preset takes the stateful one.
  public func makeCompressor(level: Int, container: Container, preset: [UInt8]?) throws(CodecError) -> any Compressor {
    guard let preset else { return try IsalCompressor(level: level, container: container) }
    return try IsalDictionaryCompressor(level: level, container: container, preset: preset)
  }

  public func makeDecompressor(container: Container, preset: [UInt8]?) throws(CodecError) -> any Decompressor {
    try IsalDecompressor(container: container, preset: preset)
  }
}
