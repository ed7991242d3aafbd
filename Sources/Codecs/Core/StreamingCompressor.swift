import DeflateBenchSupport

/// A compressor fed one chunk at a time, as an uploader that compresses while it sends: each
/// chunk ends with a flush (every byte of it can be decoded from what was emitted so far), the
/// last one ends the stream. Output goes to a sink in pieces of at most `outputBufferBytes`, so
/// its working memory is the library's state plus one buffer, whatever the body's size.
///
/// Not thread-safe: one per thread. After a failure, call `reset()` before the next body.
public protocol StreamingCompressor: AnyObject {
  /// Starts a new body: the next `compress` call writes a fresh stream (header included).
  func reset() throws(CodecError)
  /// Compresses `chunk` and passes every output piece to `emit`. With `last`, the stream is
  /// finished (trailer included); otherwise it is flushed (zlib/ISA-L sync flush, zstd
  /// `ZSTD_e_flush`, brotli `BROTLI_OPERATION_FLUSH`). A piece is valid only during its call.
  func compress(
    chunk: UnsafeRawBufferPointer, last: Bool, emit: (UnsafeRawBufferPointer) throws(CodecError) -> Void
  ) throws(CodecError)
  /// Peak bytes held for this compressor: what the library allocated (counted through its
  /// allocator hook, or its fixed state for ISA-L) plus the output buffer.
  var peakMemoryBytes: Int { get }
}

/// The output buffer every streaming compressor writes into before emitting: 64 KiB, what a
/// socket write of a chunked upload typically takes.
public let streamingOutputBufferBytes = 64 << 10

extension CompressionBackend {
  /// A streaming compressor for `level` and `container`, or nil when the library has no
  /// streaming compress API (libdeflate, zopfli). Backends with one provide it in their own
  /// folder, in an extension beside their streaming compressor.
  public func makeStreamingCompressor(level: Int, container: Container) throws(CodecError)
    -> (any StreamingCompressor)?
  {
    guard let streaming = self as? any StreamingCompressionBackend else { return nil }
    try validate(level: level)
    try validate(container: container)
    return try streaming.makeStreamingCompressorUnchecked(level: level, container: container)
  }

  /// Whether `makeStreamingCompressor` returns a compressor.
  public var hasStreamingCompressor: Bool { self is any StreamingCompressionBackend }
}

/// A backend whose library can compress chunk by chunk with a flush at each chunk's end.
public protocol StreamingCompressionBackend: CompressionBackend {
  /// Makes the compressor; level and container were already validated.
  func makeStreamingCompressorUnchecked(level: Int, container: Container) throws(CodecError)
    -> any StreamingCompressor
}

extension StreamingCompressor {
  /// Compresses `input` in chunks of `chunkBytes` and returns the whole stream, for tests and
  /// tools (a real uploader hands each piece to the network instead).
  public func compressAll(_ input: [UInt8], chunkBytes: Int) throws(CodecError) -> [UInt8] {
    var output: [UInt8] = []
    try reset()
    let step = max(1, chunkBytes)
    var result: Result<Void, CodecError> = .success(())
    input.withUnsafeBytes { buffer in
      do throws(CodecError) {
        var start = 0
        repeat {
          let end = min(buffer.count, start + step)
          try compress(chunk: UnsafeRawBufferPointer(rebasing: buffer[start..<end]), last: end == buffer.count) {
            output.append(contentsOf: $0)
          }
          start = end
        } while start < buffer.count
      } catch {
        result = .failure(error)
      }
    }
    try result.get()
    return output
  }
}
