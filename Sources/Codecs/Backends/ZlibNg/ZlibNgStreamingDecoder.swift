import DeflateBenchSupport

/// zlib-ng's inflate fed piece by piece, for `decompress --backend zlib-ng`: gzip (every member
/// of a multi-member file, as `gzip -d` reads it), zlib or raw DEFLATE, through the decode
/// buffer's limits. Unlike zlib's `InflateStreamingDecoder` it does not guess zlib from raw for
/// HTTP's `deflate`: the container is always named. A body that asks for a preset dictionary is
/// refused (`decompress --dictionary` decodes whole buffers by the backend).
final class ZlibNgStreamingDecoder: StreamingDecoder {
  let coding: String
  var consumedBytes: Int { buffer.consumedBytes }
  var producedBytes: Int { buffer.producedBytes }

  private let stream: ZlibNgStream
  private let buffer: StreamingDecodeBuffer
  /// True between a member's first byte and its end: a body that ends here is cut off.
  private var insideMember = false

  init(container: Container, limits: StreamingDecodeLimits, outputBufferBytes: Int = 128 << 10)
    throws(StreamingDecodeError)
  {
    coding = container == .gzip ? "gzip" : "deflate"
    do throws(CodecError) {
      stream = try ZlibNgStream(inflating: container)
    } catch {
      throw .library(coding: container == .gzip ? "gzip" : "deflate", code: 0, message: error.description)
    }
    buffer = StreamingDecodeBuffer(limits: limits, outputBufferBytes: outputBufferBytes)
  }

  func feed(_ input: UnsafeRawBufferPointer, into sink: StreamingSink) throws(StreamingDecodeError) {
    try buffer.guarded { () throws(StreamingDecodeError) in
      var rest = input
      while !rest.isEmpty || insideMember {
        var space = buffer.output
        let before = rest.count
        let step: ZlibNgStream.Step
        do throws(CodecError) {
          step = try stream.step(&rest, &space, flush: .none)
        } catch {
          throw .corrupt(coding: coding, detail: error.description)
        }
        if rest.count < before { insideMember = true }
        buffer.consumedBytes += before - rest.count
        try buffer.emit(buffer.output.count - space.count, to: sink)
        switch step {
        case .streamEnd:
          insideMember = false
          guard !rest.isEmpty else { return }
          // Only gzip allows another member; bytes after a zlib or raw stream are garbage.
          guard stream.container == .gzip else {
            throw .corrupt(coding: coding, detail: "\(rest.count) bytes follow the end of the stream")
          }
          do throws(CodecError) { try stream.reset() } catch {
            throw .library(coding: coding, code: 0, message: error.description)
          }
        case .progress:
          // Output full: go round again. Input used up with room to spare: wait for more.
          if space.isEmpty { continue }
          if rest.isEmpty { return }
        case .noProgress:
          if rest.isEmpty { return }
          throw .corrupt(coding: coding, detail: stream.stalled().description)
        case .needDictionary:
          throw .corrupt(
            coding: coding, detail: "the stream asks for a preset dictionary, which streaming does not load")
        }
      }
    }
  }

  func finish(into sink: StreamingSink) throws(StreamingDecodeError) {
    try buffer.guarded { () throws(StreamingDecodeError) in
      if insideMember || buffer.consumedBytes == 0 { throw .truncated(coding: coding) }
    }
  }
}

extension ZlibNgBackend {
  /// zlib-ng's inflate reads every member of a gzip file, as gzip -d does.
  public func makeStreamingDecoder(container: Container, limits: StreamingDecodeLimits)
    throws(StreamingDecodeError) -> (any StreamingDecoder)?
  {
    try ZlibNgStreamingDecoder(container: container, limits: limits)
  }
}
