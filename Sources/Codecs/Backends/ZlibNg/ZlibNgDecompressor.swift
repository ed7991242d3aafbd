import DeflateBenchSupport

/// zlib-ng's inflate for one container, reset between calls. Succeeds only when the stream
/// reaches its end (checksum included) and every input byte was consumed; bytes after the end
/// are reported as corrupt input. The harness verifies zlib-ng's output with zlib, not with this.
final class ZlibNgDecompressor: Decompressor {
  private let stream: ZlibNgStream

  init(container: Container) throws(CodecError) {
    stream = try ZlibNgStream(inflating: container)
  }

  func decompress(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) throws(CodecError)
    -> Int
  {
    try stream.reset()
    var rest = input
    var space = output
    while true {
      switch try stream.step(&rest, &space, flush: .none) {
      case .streamEnd:
        guard rest.isEmpty else {
          throw .corruptInput(
            backend: ZlibNgStream.backendName, container: stream.container,
            detail: "\(rest.count) bytes follow the end of the stream")
        }
        return output.count - space.count
      case .progress:
        continue
      case .noProgress:
        if space.isEmpty { throw .outputTooSmall(backend: ZlibNgStream.backendName, capacity: output.count) }
        if rest.isEmpty {
          throw .corruptInput(
            backend: ZlibNgStream.backendName, container: stream.container,
            detail: "truncated: the input ends before the stream's end marker and checksum")
        }
        throw stream.stalled()
      }
    }
  }
}
