import CZlib
import DeflateBenchSupport

/// zlib's inflate for one container, with its `z_stream` (see `ZlibStream`) reset between
/// calls. It decodes exactly one stream: the call succeeds only when inflate reaches Z_STREAM_END
/// (for gzip that includes the CRC-32 and ISIZE check, for zlib the Adler-32) and every input byte
/// has been consumed; bytes after the end of the stream (a second gzip member, say) are reported as
/// corrupt input rather than ignored.
///
/// With a preset dictionary, a raw stream gets it right after the reset; a zlib stream asks for
/// it (Z_NEED_DICT) after its header, and `inflateSetDictionary` refuses a preset whose Adler-32
/// is not the id the header names.
final class ZlibDecompressor: Decompressor {
  let container: Container
  /// The backend name errors report: `zlib`, or `zopfli` whose output zlib decodes.
  let backendName: String
  private let stream: ZlibStream
  private let chunkLimit: Int
  private let preset: [UInt8]?

  init(
    container: Container, backendName: String = "zlib", chunkLimit: Int = uint32ChunkLimit, preset: [UInt8]? = nil
  ) throws(CodecError) {
    stream = try ZlibStream.inflate(container: container, backend: backendName)
    self.container = container
    self.backendName = backendName
    self.chunkLimit = usableChunkLimit(chunkLimit)
    self.preset = preset
  }

  func decompress(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) throws(CodecError)
    -> Int
  {
    let z = stream.pointer
    var code = inflateReset(z)
    guard code == Z_OK else {
      throw ZlibStatus.error(code, stream: z, operation: "inflateReset", backend: backendName, container: container)
    }
    if container == .raw, let preset { try loadPreset(preset) }
    var chunks = ZlibChunks(stream: z, input: input, output: output, chunkLimit: chunkLimit)
    while true {
      chunks.refillInput()
      // A full buffer is not an error yet: inflate may be at the stream's end (Z_BUF_ERROR says otherwise).
      _ = chunks.refillOutput()
      code = inflate(z, Z_NO_FLUSH)
      switch code {
      case Z_STREAM_END:
        let trailing = chunks.inputLeft + Int(z.pointee.avail_in)
        guard trailing == 0 else {
          throw .corruptInput(
            backend: backendName, container: container,
            detail: "\(trailing) bytes follow the end of the stream")
        }
        return chunks.written
      case Z_OK:
        continue
      case Z_NEED_DICT:
        guard let preset else {
          throw ZlibStatus.error(code, stream: z, operation: "inflate", backend: backendName, container: container)
        }
        try loadPreset(preset)
      case Z_BUF_ERROR:
        // No progress was possible: either the output is full or the input ran out early.
        if z.pointee.avail_out == 0 && chunks.outputLeft == 0 {
          throw .outputTooSmall(backend: backendName, capacity: output.count)
        }
        if z.pointee.avail_in == 0 && chunks.inputLeft == 0 {
          throw .corruptInput(
            backend: backendName, container: container,
            detail: "truncated: the input ends before the stream's end marker and checksum")
        }
        continue
      default:
        throw ZlibStatus.error(code, stream: z, operation: "inflate", backend: backendName, container: container)
      }
    }
  }

  private func loadPreset(_ preset: [UInt8]) throws(CodecError) {
    let code = preset.withUnsafeBytes { inflateSetDictionary(stream.pointer, $0.byteBase, uInt($0.count)) }
    guard code == Z_OK else {
      if code == Z_DATA_ERROR {
        throw .corruptInput(
          backend: backendName, container: container,
          detail: ZlibBackend.presetMismatch(
            asked: UInt32(truncatingIfNeeded: stream.pointer.pointee.adler), given: preset))
      }
      throw ZlibStatus.error(
        code, stream: stream.pointer, operation: "inflateSetDictionary", backend: backendName, container: container)
    }
  }
}
