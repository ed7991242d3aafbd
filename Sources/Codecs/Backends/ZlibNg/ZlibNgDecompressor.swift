import DeflateBenchSupport

/// zlib-ng's inflate for one container, reset between calls. Succeeds only when the stream
/// reaches its end (checksum included) and every input byte was consumed; bytes after the end
/// are reported as corrupt input. The harness verifies zlib-ng's output with zlib, not with this.
///
/// With a preset dictionary, a raw stream gets it right after the reset; a zlib stream asks for
/// it after its header, and zlib-ng refuses a preset whose Adler-32 is not the one it names.
final class ZlibNgDecompressor: Decompressor {
  private let stream: ZlibNgStream
  private let preset: [UInt8]?

  init(container: Container, preset: [UInt8]? = nil) throws(CodecError) {
    stream = try ZlibNgStream(inflating: container)
    self.preset = preset
  }

  func decompress(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) throws(CodecError)
    -> Int
  {
    try stream.reset()
    // The preset first: without one (every call of a run) no container is compared per call.
    if let preset, stream.container == .raw { try stream.setDictionary(preset) }
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
      case .needDictionary:
        guard let preset else { throw stream.missingDictionary() }
        try stream.setDictionary(preset)
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
