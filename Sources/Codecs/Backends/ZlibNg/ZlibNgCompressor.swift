import DeflateBenchSupport

/// zlib-ng's deflate for one (level, container), one `zng_deflate(Z_FINISH)` per input on a
/// stream made once and reset between calls: what Python's `zlib_ng.compressobj(level,
/// DEFLATED, wbits, 8)` writes for the same input in one `compress` + `flush`.
final class ZlibNgCompressor: Compressor {
  private let stream: ZlibNgStream
  /// Whether the stream has written since its last reset (see `ZlibNgStream.bound`).
  private var used = false

  init(level: Int, container: Container) throws(CodecError) {
    stream = try ZlibNgStream(deflateLevel: level, container: container)
  }

  var peakMemoryBytes: Int? { stream.peakMemoryBytes }

  func compressBound(_ inputCount: Int) -> Int {
    // A reset cannot fail on a stream zng_deflateInit2 accepted; if it did, the next compress says so.
    if used, (try? stream.reset()) != nil { used = false }
    return stream.bound(inputCount)
  }

  func compress(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) throws(CodecError)
    -> Int
  {
    if used { try stream.reset() }
    used = true
    var rest = input
    var space = output
    while true {
      switch try stream.step(&rest, &space, flush: .finish) {
      case .streamEnd:
        return output.count - space.count
      case .progress:
        continue
      case .noProgress:
        if space.isEmpty { throw .outputTooSmall(backend: ZlibNgStream.backendName, capacity: output.count) }
        throw stream.stalled()
      }
    }
  }
}
