import CZopfli
import DeflateBenchSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// zopfli for one (level, container). zopfli keeps no state between calls and mallocs its own
/// output buffer, so each call copies that result into the caller's buffer and frees it; there is
/// no context to reuse and no allocator hook to count (`peakMemoryBytes` is nil).
final class ZopfliCompressor: Compressor {
  let container: Container
  private var options: ZopfliOptions
  private let format: ZopfliFormat

  init(level: Int, container: Container) {
    var options = ZopfliOptions()
    ZopfliInitOptions(&options)
    options.numiterations = Int32(ZopfliBackend.iterations(forLevel: level))
    self.container = container
    self.options = options
    self.format =
      switch container {
      case .gzip: ZOPFLI_FORMAT_GZIP
      case .zlib: ZOPFLI_FORMAT_ZLIB
      default: ZOPFLI_FORMAT_DEFLATE
      }
  }

  var peakMemoryBytes: Int? { nil }

  /// zopfli has no bound function. It picks, per block, the cheapest of stored, fixed and dynamic
  /// Huffman coding, so its output never exceeds the stored form; the stored form of n bytes
  /// split at arbitrary points costs 5 bytes per 65535-byte piece plus 5 per split, and zopfli
  /// makes at most 15 splits per 1 000 000-byte master block. Add the wrapper and one spare byte.
  func compressBound(_ inputCount: Int) -> Int {
    let pieces = inputCount / 65535 + 1
    let splits = 16 * (inputCount / 1_000_000 + 1)
    return inputCount + 5 * (pieces + splits) + 18 + 1
  }

  func compress(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) throws(CodecError)
    -> Int
  {
    guard input.count <= ZopfliBackend.inputLimit else {
      throw .inputTooLarge(backend: "zopfli", bytes: input.count, limit: ZopfliBackend.inputLimit)
    }
    var result: UnsafeMutablePointer<UInt8>? = nil
    var resultSize = 0
    ZopfliCompress(&options, format, input.byteBase, input.count, &result, &resultSize)
    defer { free(result) }
    guard let result else {
      throw .library(backend: "zopfli", operation: "ZopfliCompress", code: 0, message: "produced no output")
    }
    guard resultSize <= output.count else { throw .outputTooSmall(backend: "zopfli", capacity: output.count) }
    output.baseAddress!.copyMemory(from: result, byteCount: resultSize)
    return resultSize
  }
}
