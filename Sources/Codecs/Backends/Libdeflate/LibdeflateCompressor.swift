import CLibdeflate
import DeflateBenchSupport

/// libdeflate's whole-buffer compressor for one (level, container). The compressor object is
/// allocated once (its only allocation) and reused; compressing allocates nothing.
final class LibdeflateCompressor: Compressor {
  let container: Container
  private let framing: LibdeflateFraming
  private let compressor: OpaquePointer
  private let allocatedBytes: Int

  init(level: Int, container: Container) throws(CodecError) {
    let (object, bytes) = LibdeflateAllocations.allocate { libdeflate_alloc_compressor(Int32(level)) }
    guard let object else {
      throw .library(
        backend: "libdeflate", operation: "libdeflate_alloc_compressor", code: 0,
        message: "returned NULL (out of memory or invalid level \(level))")
    }
    self.container = container
    self.framing = LibdeflateFraming(container)
    self.compressor = object
    self.allocatedBytes = bytes
  }

  deinit { libdeflate_free_compressor(compressor) }

  var peakMemoryBytes: Int? { allocatedBytes }

  func compressBound(_ inputCount: Int) -> Int {
    switch framing {
    case .gzip: libdeflate_gzip_compress_bound(compressor, inputCount)
    case .zlib: libdeflate_zlib_compress_bound(compressor, inputCount)
    default: libdeflate_deflate_compress_bound(compressor, inputCount)
    }
  }

  func compress(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) throws(CodecError)
    -> Int
  {
    let inBase = UnsafeRawPointer(input.byteBase)
    let outBase = UnsafeMutableRawPointer(output.byteBase)
    let written =
      switch framing {
      case .gzip: libdeflate_gzip_compress(compressor, inBase, input.count, outBase, output.count)
      case .zlib: libdeflate_zlib_compress(compressor, inBase, input.count, outBase, output.count)
      default: libdeflate_deflate_compress(compressor, inBase, input.count, outBase, output.count)
      }
    // libdeflate's only failure is "did not fit": it returns 0.
    guard written > 0 else { throw .outputTooSmall(backend: "libdeflate", capacity: output.count) }
    return written
  }
}
