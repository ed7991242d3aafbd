import CISAL
import DeflateBenchSupport

/// ISA-L's return codes, translated into `CodecError` in one place. Deflate and inflate share
/// numeric values with different meanings, so each has its own switch.
enum IsalStatus {
  static func deflateError(_ code: Int32, capacity: Int) -> CodecError {
    switch code {
    case STATELESS_OVERFLOW:
      .outputTooSmall(backend: "isal", capacity: capacity)
    case INVALID_FLUSH:
      .library(backend: "isal", operation: "isal_deflate_stateless", code: Int(code), message: "invalid flush")
    case INVALID_PARAM:
      .library(backend: "isal", operation: "isal_deflate_stateless", code: Int(code), message: "invalid parameter")
    case ISAL_INVALID_LEVEL:
      .library(
        backend: "isal", operation: "isal_deflate_stateless", code: Int(code),
        message: "invalid level, or a level buffer below the level's minimum size")
    case ISAL_INVALID_LEVEL_BUF:
      .library(
        backend: "isal", operation: "isal_deflate_stateless", code: Int(code), message: "missing level buffer")
    default:
      .library(backend: "isal", operation: "isal_deflate_stateless", code: Int(code), message: "unexpected code")
    }
  }

  static func inflateError(_ code: Int32, container: Container) -> CodecError {
    let detail: String
    switch code {
    case ISAL_INVALID_BLOCK: detail = "invalid deflate block"
    case ISAL_INVALID_SYMBOL: detail = "invalid Huffman symbol"
    case ISAL_INVALID_LOOKBACK: detail = "match distance reaches before the start of the output"
    case ISAL_INVALID_WRAPPER: detail = "invalid gzip or zlib header"
    case ISAL_UNSUPPORTED_METHOD: detail = "the header names a method other than deflate"
    case ISAL_INCORRECT_CHECKSUM: detail = "checksum or length mismatch"
    case ISAL_NEED_DICT: detail = "the stream asks for a preset dictionary"
    default:
      return .library(backend: "isal", operation: "isal_inflate", code: Int(code), message: "unexpected code")
    }
    return .corruptInput(backend: "isal", container: container, detail: "isal: \(detail)")
  }

  /// `gzip_flag` for the stateless compressor.
  static func deflateFlag(for container: Container) -> UInt16 {
    switch container {
    case .gzip: UInt16(IGZIP_GZIP)
    case .zlib: UInt16(IGZIP_ZLIB)
    default: UInt16(IGZIP_DEFLATE)
    }
  }

  /// `crc_flag` for the inflater: parse the wrapper and verify its checksum (and gzip ISIZE).
  static func inflateFlag(for container: Container) -> UInt32 {
    switch container {
    case .gzip: UInt32(ISAL_GZIP)
    case .zlib: UInt32(ISAL_ZLIB)
    default: UInt32(ISAL_DEFLATE)
    }
  }
}
