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

/// A whole input and output buffer handed to a `z_stream`, whose `avail_in` / `avail_out` are
/// 32-bit: at most `chunkLimit` bytes of each at a time, so buffers over 4 GiB go through too.
struct ZlibChunks {
  private let stream: UnsafeMutablePointer<z_stream>
  private let chunkLimit: Int
  private let outputCount: Int
  /// Bytes not yet handed to the stream.
  private(set) var inputLeft: Int
  private(set) var outputLeft: Int

  init(
    stream: UnsafeMutablePointer<z_stream>, input: UnsafeRawBufferPointer, output: UnsafeMutableRawBufferPointer,
    chunkLimit: Int
  ) {
    self.stream = stream
    self.chunkLimit = chunkLimit
    outputCount = output.count
    inputLeft = input.count
    outputLeft = output.count
    // zlib's next_in is not const-qualified unless ZLIB_CONST is defined; zlib never writes through it.
    stream.pointee.next_in = UnsafeMutablePointer(mutating: input.byteBase)
    stream.pointee.avail_in = 0
    stream.pointee.next_out = output.byteBase
    stream.pointee.avail_out = 0
  }

  /// Hands the stream the next input chunk once it has taken the last one.
  mutating func refillInput() {
    guard stream.pointee.avail_in == 0, inputLeft > 0 else { return }
    let chunk = min(inputLeft, chunkLimit)
    stream.pointee.avail_in = UInt32(chunk)
    inputLeft -= chunk
  }

  /// Hands the stream the next output chunk once it has filled the last one; false when the
  /// stream is full and the buffer has no more room.
  mutating func refillOutput() -> Bool {
    guard stream.pointee.avail_out == 0 else { return true }
    guard outputLeft > 0 else { return false }
    let chunk = min(outputLeft, chunkLimit)
    stream.pointee.avail_out = UInt32(chunk)
    outputLeft -= chunk
    return true
  }

  /// Output bytes written so far.
  var written: Int { outputCount - outputLeft - Int(stream.pointee.avail_out) }
}
