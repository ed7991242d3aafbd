import CZstd

/// zstd's decoder with one reused `ZSTD_DCtx`. It accepts exactly one complete frame: the frame's
/// extent is measured first (`ZSTD_findFrameCompressedSize` walks block headers only), so a
/// truncated frame or bytes after it (another frame included) are corrupt input; zstd itself then
/// checks the declared content size and the checksum.
///
/// With a dictionary, `ZSTD_DCtx_loadDictionary` digests it once and every frame is decoded with
/// it; a frame that names another dictionary id fails as corrupt input ("Dictionary mismatch").
final class ZstdDecompressor: Decompressor {
  private let context: OpaquePointer

  init(dictionary: [UInt8]? = nil) throws(CodecError) {
    guard let context = ZSTD_createDCtx() else {
      throw .library(backend: "zstd", operation: "ZSTD_createDCtx", code: 0, message: "out of memory")
    }
    self.context = context
    if let dictionary {
      _ = try ZstdStatus.check(
        dictionary.withUnsafeBytes { ZSTD_DCtx_loadDictionary(context, $0.baseAddress, $0.count) },
        operation: "ZSTD_DCtx_loadDictionary", capacity: 0)
    }
  }

  deinit { ZSTD_freeDCtx(context) }

  func decompress(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) throws(CodecError)
    -> Int
  {
    let frameSize = try ZstdStatus.check(
      ZSTD_findFrameCompressedSize(input.byteBase, input.count), operation: "ZSTD_findFrameCompressedSize",
      capacity: output.count)
    guard frameSize == input.count else {
      throw .corruptInput(
        backend: "zstd", container: .zstd, detail: "\(input.count - frameSize) bytes follow the end of the frame")
    }
    let result = ZSTD_decompressDCtx(context, output.byteBase, output.count, input.byteBase, input.count)
    return try ZstdStatus.check(result, operation: "ZSTD_decompressDCtx", capacity: output.count)
  }
}
