import DeflateBenchSupport

/// zlib-ng's deflate for one (level, container), one `zng_deflate(Z_FINISH)` per input on a
/// stream made once and reset between calls: what Python's `zlib_ng.compressobj(level,
/// DEFLATED, wbits, 8)` writes for the same input in one `compress` + `flush`.
///
/// With a preset dictionary, `zng_deflateSetDictionary` loads it after every reset (a reset
/// forgets it); a zlib-container stream then carries the FDICT flag and the preset's Adler-32.
final class ZlibNgCompressor: Compressor {
  private let stream: ZlibNgStream
  /// Whether the stream has written since its last reset (see `ZlibNgStream.bound`).
  private var used = false
  private let preset: [UInt8]?

  init(level: Int, container: Container, preset: [UInt8]? = nil) throws(CodecError) {
    stream = try ZlibNgStream(deflateLevel: level, container: container)
    self.preset = preset
  }

  var peakMemoryBytes: Int? { stream.peakMemoryBytes }

  func compressBound(_ inputCount: Int) -> Int {
    // A reset cannot fail on a stream zng_deflateInit2 accepted; if it did, the next compress says so.
    if used, (try? stream.reset()) != nil { used = false }
    // On a reset stream the bound leaves out the 4-byte DICTID a preset adds to a zlib header.
    return stream.bound(inputCount) + (preset != nil && stream.container == .zlib ? 4 : 0)
  }

  func compress(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) throws(CodecError)
    -> Int
  {
    if used { try stream.reset() }
    used = true
    if let preset { try stream.setDictionary(preset) }
    var rest = input
    var space = output
    while true {
      switch try stream.step(&rest, &space, flush: .finish) {
      case .streamEnd:
        return output.count - space.count
      case .progress:
        continue
      case .noProgress, .needDictionary:
        if space.isEmpty { throw .outputTooSmall(backend: ZlibNgStream.backendName, capacity: output.count) }
        throw stream.stalled()
      }
    }
  }
}
