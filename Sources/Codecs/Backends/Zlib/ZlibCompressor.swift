import CZlib
import DeflateBenchSupport

/// zlib's deflate for one (level, container). The `z_stream` (see `ZlibStream`) is made once and
/// reset, not rebuilt, between calls.
///
/// The parameters are exactly those of `deflateInit2(level, Z_DEFLATED, windowBits, 8,
/// Z_DEFAULT_STRATEGY)` with no custom gzip header, and each input is deflated with Z_FINISH in
/// one call, so the gzip output is byte for byte what any other program calling the same zlib
/// with windowBits 31 and memLevel 8 writes in one pass (e.g. Python's
/// `zlib.compressobj(level, zlib.DEFLATED, 31, 8)`).
///
/// With a preset dictionary, `deflateSetDictionary` loads it after every reset (zlib keeps no
/// dictionary across streams); a zlib-container stream then carries the FDICT flag and the
/// preset's Adler-32, as `zlib.compressobj(level, zdict=preset)` writes.
final class ZlibCompressor: Compressor {
  let container: Container
  private let stream: ZlibStream
  private let counter: AllocationCounter
  /// The most bytes handed to zlib's 32-bit `avail_in` / `avail_out` per call. Tests lower it to
  /// exercise the chunked path without 4 GiB buffers.
  private let chunkLimit: Int
  private let preset: [UInt8]?

  init(level: Int, container: Container, chunkLimit: Int = uint32ChunkLimit, preset: [UInt8]? = nil)
    throws(CodecError)
  {
    let counter = AllocationCounter()
    stream = try ZlibStream.deflate(level: level, container: container, counter: counter)
    self.container = container
    self.counter = counter
    self.chunkLimit = usableChunkLimit(chunkLimit)
    self.preset = preset
  }

  var peakMemoryBytes: Int? { counter.peakBytes }

  /// Whether the stream has been used since its last reset. deflate() turns the gzip/zlib
  /// wrapper flag negative once it has written the trailer, and deflateBound() then leaves the
  /// wrapper out of its bound, so the bound is only taken on a reset stream.
  private var used = false

  func compressBound(_ inputCount: Int) -> Int {
    if used { reset() }
    // On a reset stream deflateBound leaves out the 4-byte DICTID a preset adds to a zlib header.
    let dictionaryId = preset != nil && container == .zlib ? 4 : 0
    return Int(deflateBound(stream.pointer, uLong(inputCount))) + dictionaryId
  }

  /// deflateReset cannot fail on a stream deflateInit2 accepted; if it ever did, the next
  /// deflate() reports the broken state.
  private func reset() {
    deflateReset(stream.pointer)
    used = false
  }

  func compress(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) throws(CodecError)
    -> Int
  {
    let z = stream.pointer
    if used { reset() }
    used = true
    if let preset { try loadPreset(preset) }
    var chunks = ZlibChunks(stream: z, input: input, output: output, chunkLimit: chunkLimit)
    while true {
      chunks.refillInput()
      guard chunks.refillOutput() else { throw .outputTooSmall(backend: "zlib", capacity: output.count) }
      // Z_FINISH only once every byte is in reach, so inputs up to 4 GiB take a single call.
      let code = deflate(z, chunks.inputLeft == 0 ? Z_FINISH : Z_NO_FLUSH)
      switch code {
      case Z_STREAM_END:
        return chunks.written
      case Z_OK:
        continue
      case Z_BUF_ERROR where z.pointee.avail_out == 0:
        continue  // the top of the loop hands out more space or reports outputTooSmall
      default:
        throw ZlibStatus.error(code, stream: z, operation: "deflate", backend: "zlib", container: container)
      }
    }
  }

  private func loadPreset(_ preset: [UInt8]) throws(CodecError) {
    let code = preset.withUnsafeBytes { deflateSetDictionary(stream.pointer, $0.byteBase, uInt($0.count)) }
    guard code == Z_OK else {
      throw ZlibStatus.error(
        code, stream: stream.pointer, operation: "deflateSetDictionary", backend: "zlib", container: container)
    }
  }
}
