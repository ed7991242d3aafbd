import CZlibNg
import DeflateBenchSupport

/// zlib-ng's native `zng_stream`, and the only file of the backend that sees zlib-ng's C API: the
/// compressors and the decompressor drive it in `step`s and get Swift errors from zlib's switch
/// (`ZlibStatus`: the return codes are the same).
///
/// The stream sits at a fixed heap address (zlib-ng keeps a pointer back to it inside its state),
/// is made once by `zng_deflateInit2` / `zng_inflateInit2`, reset between bodies, and ended with
/// its owner. Its allocations go through zlib-ng's `zalloc` / `zfree` hooks into an
/// `AllocationCounter`, so the peak working memory is counted, as for zlib.
final class ZlibNgStream {
  enum Direction { case deflate, inflate }

  /// The flush a step asks for. `sync` and `finish` are passed to zlib-ng only on the step that
  /// holds the last input byte; before that (inputs over 4 GiB) a step is `Z_NO_FLUSH`.
  enum Flush { case none, sync, finish }

  /// How a step ended, short of an error.
  enum Step {
    /// Z_OK: input consumed or output written, or both.
    case progress
    /// Z_STREAM_END: the stream's end (and for inflate its checksum) was reached.
    case streamEnd
    /// Z_BUF_ERROR: nothing could be done with the input and output space given.
    case noProgress
    /// Z_NEED_DICT: a zlib stream's header names a preset dictionary; inflate waits for
    /// `setDictionary`.
    case needDictionary
  }

  static let backendName = "zlib-ng"

  /// `zlibng_version()`: the library loaded at run time.
  static var version: String { String(cString: zlibng_version()) }

  let direction: Direction
  let container: Container
  private let pointer: UnsafeMutablePointer<zng_stream>
  private let counter = AllocationCounter()

  /// A deflate stream with `zng_deflateInit2(level, Z_DEFLATED, windowBits, 8,
  /// Z_DEFAULT_STRATEGY)` and no custom gzip header: the parameters of zlib's backend, and of
  /// Python's `zlib_ng.compressobj(level, zlib_ng.DEFLATED, wbits, 8)`.
  convenience init(deflateLevel level: Int, container: Container) throws(CodecError) {
    try self.init(.deflate, container: container) { stream, windowBits in
      zng_deflateInit2(stream, Int32(level), Z_DEFLATED, windowBits, 8, Z_DEFAULT_STRATEGY)
    }
  }

  /// An inflate stream for `container`.
  convenience init(inflating container: Container) throws(CodecError) {
    try self.init(.inflate, container: container) { stream, windowBits in zng_inflateInit2(stream, windowBits) }
  }

  private init(
    _ direction: Direction, container: Container,
    initialize: (UnsafeMutablePointer<zng_stream>, Int32) -> Int32
  ) throws(CodecError) {
    self.direction = direction
    self.container = container
    pointer = .allocate(capacity: 1)
    pointer.initialize(to: zng_stream())
    pointer.pointee.zalloc = zlibNgCountingAlloc
    pointer.pointee.zfree = zlibNgCountingFree
    pointer.pointee.opaque = counter.opaque
    let code = initialize(pointer, Self.windowBits(for: container))
    guard code == Z_OK else {
      let error = Self.error(
        code, message: pointer.pointee.msg, container: container,
        operation: direction == .deflate ? "zng_deflateInit2" : "zng_inflateInit2")
      pointer.deinitialize(count: 1)
      pointer.deallocate()
      throw error
    }
  }

  deinit {
    _ = direction == .deflate ? zng_deflateEnd(pointer) : zng_inflateEnd(pointer)
    pointer.deinitialize(count: 1)
    pointer.deallocate()
  }

  /// Peak bytes zlib-ng allocated through the hooks for this stream.
  var peakMemoryBytes: Int { counter.peakBytes }

  /// Starts a new body on the same state.
  func reset() throws(CodecError) {
    let code = direction == .deflate ? zng_deflateReset(pointer) : zng_inflateReset(pointer)
    guard code == Z_OK else {
      throw error(code, operation: direction == .deflate ? "zng_deflateReset" : "zng_inflateReset")
    }
  }

  /// `zng_deflateBound`: the largest output for `inputCount` bytes. Only exact on a stream that
  /// is fresh or reset: once a stream has written its trailer, zlib-ng (like zlib) leaves the
  /// wrapper out of the bound.
  func bound(_ inputCount: Int) -> Int {
    Int(zng_deflateBound(pointer, UInt(inputCount)))
  }

  /// One `zng_deflate` or `zng_inflate` call over the front of `input` and `output` (at most
  /// 4 GiB - 1 bytes of each, its counters being 32-bit), then moves both past what it consumed
  /// and wrote.
  func step(_ input: inout UnsafeRawBufferPointer, _ output: inout UnsafeMutableRawBufferPointer, flush: Flush)
    throws(CodecError) -> Step
  {
    let inputCount = min(input.count, Int(UInt32.max))
    let outputCount = min(output.count, Int(UInt32.max))
    pointer.pointee.next_in = input.baseAddress?.assumingMemoryBound(to: UInt8.self)
    pointer.pointee.avail_in = UInt32(inputCount)
    pointer.pointee.next_out = output.baseAddress?.assumingMemoryBound(to: UInt8.self)
    pointer.pointee.avail_out = UInt32(outputCount)
    let holdsLastByte = inputCount == input.count
    let mode: Int32 =
      switch flush {
      case .none: Z_NO_FLUSH
      case .sync: holdsLastByte ? Z_SYNC_FLUSH : Z_NO_FLUSH
      case .finish: holdsLastByte ? Z_FINISH : Z_NO_FLUSH
      }
    let code = direction == .deflate ? zng_deflate(pointer, mode) : zng_inflate(pointer, mode)
    let consumed = inputCount - Int(pointer.pointee.avail_in)
    let produced = outputCount - Int(pointer.pointee.avail_out)
    input = UnsafeRawBufferPointer(rebasing: input[consumed...])
    output = UnsafeMutableRawBufferPointer(rebasing: output[produced...])
    switch code {
    case Z_OK: return .progress
    case Z_STREAM_END: return .streamEnd
    case Z_BUF_ERROR: return .noProgress
    case Z_NEED_DICT where direction == .inflate: return .needDictionary
    default: throw error(code, operation: direction == .deflate ? "zng_deflate" : "zng_inflate")
    }
  }

  /// Loads a preset dictionary: into a deflate stream right after it is made or reset, into an
  /// inflate stream when a zlib stream asks for it (`needDictionary`) or at the start of a raw one.
  /// zlib-ng checks the preset's Adler-32 against the one a zlib header names.
  func setDictionary(_ preset: [UInt8]) throws(CodecError) {
    let code = preset.withUnsafeBytes { bytes in
      let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self)
      return direction == .deflate
        ? zng_deflateSetDictionary(pointer, base, UInt32(bytes.count))
        : zng_inflateSetDictionary(pointer, base, UInt32(bytes.count))
    }
    guard code == Z_OK else {
      if code == Z_DATA_ERROR && direction == .inflate {
        throw .corruptInput(
          backend: Self.backendName, container: container,
          detail: "the stream asks for preset dictionary \(pointer.pointee.adler), not this one")
      }
      throw error(code, operation: direction == .deflate ? "zng_deflateSetDictionary" : "zng_inflateSetDictionary")
    }
  }

  /// The error for a zlib stream that asks for a preset dictionary when none was given.
  func missingDictionary() -> CodecError { error(Z_NEED_DICT, operation: "zng_inflate") }

  /// The error for a step that could make no progress although it had input and room.
  func stalled() -> CodecError {
    error(Z_BUF_ERROR, operation: direction == .deflate ? "zng_deflate" : "zng_inflate")
  }

  // MARK: - Private

  private func error(_ code: Int32, operation: String) -> CodecError {
    Self.error(code, message: pointer.pointee.msg, container: container, operation: operation)
  }

  /// zlib-ng's return codes are zlib's, so they are translated by zlib's one switch.
  private static func error(
    _ code: Int32, message: UnsafePointer<CChar>?, container: Container, operation: String
  ) -> CodecError {
    ZlibStatus.error(
      code, message: message.map { String(cString: $0) }, operation: operation, backend: backendName,
      container: container, library: "zlib-ng")
  }

  /// windowBits: 15 is the 32 KiB window; +16 asks for a gzip wrapper, a negative value for raw.
  private static func windowBits(for container: Container) -> Int32 {
    switch container {
    case .gzip: 31
    case .raw: -15
    default: 15
    }
  }
}

/// zlib-ng's allocator hooks, counting into the `AllocationCounter` passed as `opaque`.
private let zlibNgCountingAlloc: alloc_func = { opaque, items, size in
  AllocationCounter.allocate(Int(items) * Int(size), opaque: opaque)
}

private let zlibNgCountingFree: free_func = { opaque, address in
  AllocationCounter.free(address, opaque: opaque)
}
