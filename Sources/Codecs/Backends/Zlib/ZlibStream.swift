import CZlib
import DeflateBenchSupport

/// The `z_stream` a zlib compressor or decompressor owns, at a fixed heap address (zlib keeps a
/// pointer back to it inside its state, so it must never move): made once by an init call,
/// reset between calls, and ended (`deflateEnd` / `inflateEnd`) and freed with its owner.
final class ZlibStream {
  let pointer: UnsafeMutablePointer<z_stream>
  /// The end call that matches the init call.
  private let end: (UnsafeMutablePointer<z_stream>) -> Int32
  /// The counter the allocator hooks write to, held until the end call has freed everything
  /// through it (its owner may let go of it first).
  private let counter: AllocationCounter?

  /// A deflate stream with exactly `deflateInit2(level, Z_DEFLATED, windowBits, 8,
  /// Z_DEFAULT_STRATEGY)` and no custom gzip header, its allocations counted by `counter`. The
  /// one-shot and the streaming compressor both start here, so their outputs differ only by
  /// the streaming flushes.
  static func deflate(level: Int, container: Container, counter: AllocationCounter) throws(CodecError) -> ZlibStream {
    try ZlibStream(
      operation: "deflateInit2", backend: "zlib", container: container, counter: counter, end: { deflateEnd($0) }
    ) { stream in
      stream.pointee.zalloc = zlibCountingAlloc
      stream.pointee.zfree = zlibCountingFree
      stream.pointee.opaque = counter.opaque
      return deflatebench_deflateInit2(
        stream, Int32(level), Z_DEFLATED, ZlibStatus.windowBits(for: container), 8, Z_DEFAULT_STRATEGY)
    }
  }

  /// An inflate stream for `container`; errors name `backend`.
  static func inflate(container: Container, backend: String) throws(CodecError) -> ZlibStream {
    try ZlibStream(
      operation: "inflateInit2", backend: backend, container: container, counter: nil, end: { inflateEnd($0) }
    ) {
      deflatebench_inflateInit2($0, ZlibStatus.windowBits(for: container))
    }
  }

  /// Allocates a zeroed stream and runs `initialize` on it (which may set fields such as the
  /// allocator hooks first); frees the stream again if the init call fails.
  private init(
    operation: String, backend: String, container: Container, counter: AllocationCounter?,
    end: @escaping (UnsafeMutablePointer<z_stream>) -> Int32,
    initialize: (UnsafeMutablePointer<z_stream>) -> Int32
  ) throws(CodecError) {
    let pointer = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    pointer.initialize(to: z_stream())
    let code = initialize(pointer)
    guard code == Z_OK else {
      let error = ZlibStatus.error(code, stream: pointer, operation: operation, backend: backend, container: container)
      pointer.deinitialize(count: 1)
      pointer.deallocate()
      throw error
    }
    self.pointer = pointer
    self.end = end
    self.counter = counter
  }

  deinit {
    _ = end(pointer)
    pointer.deinitialize(count: 1)
    pointer.deallocate()
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
