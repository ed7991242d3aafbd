import CLibdeflate
import DeflateBenchSupport

/// libdeflate's whole-buffer decompressor for one container. It checks the gzip CRC-32 and
/// ISIZE and the zlib Adler-32 itself; this wrapper also requires that the stream use every
/// input byte (trailing bytes are corrupt input, as for the other decoders).
final class LibdeflateDecompressor: Decompressor {
  let container: Container
  let backendName: String
  private let framing: LibdeflateFraming
  private let decompressor: OpaquePointer

  init(container: Container, backendName: String = "libdeflate") throws(CodecError) {
    guard let object = LibdeflateAllocations.allocate({ libdeflate_alloc_decompressor() }).object else {
      throw .library(
        backend: backendName, operation: "libdeflate_alloc_decompressor", code: 0, message: "out of memory")
    }
    self.container = container
    self.framing = LibdeflateFraming(container)
    self.backendName = backendName
    self.decompressor = object
  }

  deinit { libdeflate_free_decompressor(decompressor) }

  func decompress(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) throws(CodecError)
    -> Int
  {
    var consumed = 0
    var written = 0
    let inBase = UnsafeRawPointer(input.byteBase)
    let outBase = UnsafeMutableRawPointer(output.byteBase)
    let result =
      switch framing {
      case .gzip:
        libdeflate_gzip_decompress_ex(decompressor, inBase, input.count, outBase, output.count, &consumed, &written)
      case .zlib:
        libdeflate_zlib_decompress_ex(decompressor, inBase, input.count, outBase, output.count, &consumed, &written)
      default:
        libdeflate_deflate_decompress_ex(
          decompressor, inBase, input.count, outBase, output.count, &consumed, &written)
      }
    try check(result, outputCapacity: output.count)
    guard consumed == input.count else {
      throw .corruptInput(
        backend: backendName, container: container,
        detail: "\(input.count - consumed) bytes follow the end of the stream")
    }
    return written
  }

  /// libdeflate's result codes, translated in one place.
  private func check(_ result: libdeflate_result, outputCapacity: Int) throws(CodecError) {
    switch result {
    case LIBDEFLATE_SUCCESS:
      return
    case LIBDEFLATE_INSUFFICIENT_SPACE:
      throw .outputTooSmall(backend: backendName, capacity: outputCapacity)
    case LIBDEFLATE_BAD_DATA:
      throw .corruptInput(
        backend: backendName, container: container,
        detail: "libdeflate: invalid or truncated data, or a checksum or length mismatch")
    case LIBDEFLATE_SHORT_OUTPUT:
      // Only returned when no actual-size pointer is passed; kept so the switch stays total.
      throw .corruptInput(backend: backendName, container: container, detail: "libdeflate: short output")
    default:
      throw .library(
        backend: backendName, operation: "libdeflate decompress", code: Int(result.rawValue),
        message: "unexpected result")
    }
  }
}
