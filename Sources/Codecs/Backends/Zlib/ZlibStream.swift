import CZlib

/// The `z_stream` a zlib compressor or decompressor owns, at a fixed heap address (zlib keeps a
/// pointer back to it inside its state, so it must never move): made once by an init call,
/// reset between calls, freed after the matching end call.
enum ZlibStream {
  /// Allocates a zeroed stream, lets `prepare` set its fields (the allocator hooks), runs
  /// `initialize` (`deflateInit2` or `inflateInit2`) and frees the stream again if that fails.
  static func make(
    operation: String, backend: String, container: Container,
    prepare: (UnsafeMutablePointer<z_stream>) -> Void = { _ in },
    initialize: (UnsafeMutablePointer<z_stream>) -> Int32
  ) throws(CodecError) -> UnsafeMutablePointer<z_stream> {
    let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    stream.initialize(to: z_stream())
    prepare(stream)
    let code = initialize(stream)
    guard code == Z_OK else {
      let error = ZlibStatus.error(code, stream: stream, operation: operation, backend: backend, container: container)
      release(stream)
      throw error
    }
    return stream
  }

  /// Frees a stream whose state the end call (`deflateEnd` / `inflateEnd`) has already freed.
  static func release(_ stream: UnsafeMutablePointer<z_stream>) {
    stream.deinitialize(count: 1)
    stream.deallocate()
  }
}
