/// Array-in, array-out conveniences for tools and tests (the CLI, the upload client, checks).
/// They allocate a result per call; timing loops use the buffer-pointer methods instead.
extension Compressor {
  /// Compresses `bytes` into a new array holding exactly the compressed stream.
  public func compress(_ bytes: [UInt8]) throws(CodecError) -> [UInt8] {
    try .codecOutput(from: bytes, capacity: compressBound(bytes.count)) { input, output throws(CodecError) in
      try compress(input, into: output)
    }
  }
}

extension Decompressor {
  /// Decompresses `bytes`, which must hold exactly one stream.
  ///
  /// - Parameters:
  ///   - expectedSize: the decoded size when the caller knows it; the output buffer is then
  ///     exactly that large, and a longer stream fails with `.outputTooSmall`.
  ///   - limit: without an expected size the buffer starts at four times the input (at least
  ///     64 KiB) and grows fourfold each time the stream does not fit, up to this many bytes.
  /// - Throws: `.outputTooSmall` when the stream decodes to more than the expected size or the
  ///   limit; `.corruptInput` when it is not a valid, complete stream.
  public func decompress(
    _ bytes: [UInt8], expectedSize: Int?, limit: Int = DecompressionLimit.defaultBytes
  ) throws(CodecError) -> [UInt8] {
    if let expectedSize { return try decompress(bytes, capacity: expectedSize) }
    var capacity = min(limit, max(64 << 10, bytes.count > limit / 4 ? limit : bytes.count * 4))
    while true {
      do throws(CodecError) {
        return try decompress(bytes, capacity: capacity)
      } catch .outputTooSmall where capacity < limit {
        capacity = capacity > limit / 4 ? limit : capacity * 4
      }
    }
  }

  private func decompress(_ bytes: [UInt8], capacity: Int) throws(CodecError) -> [UInt8] {
    try .codecOutput(from: bytes, capacity: capacity) { input, output throws(CodecError) in
      try decompress(input, into: output)
    }
  }
}

/// The cap on output size when decompressing without a known size.
public enum DecompressionLimit {
  /// 8 GiB: above the 4 GiB mark the issue asks to support, below what a typical machine holds.
  public static let defaultBytes = 8 << 30
}

extension Array where Element == UInt8 {
  /// A new array of at most `capacity` bytes, written by `fill` from `source`'s bytes; `fill`
  /// returns how many it wrote. The one place the conveniences above bridge arrays to buffers.
  fileprivate static func codecOutput(
    from source: [UInt8], capacity: Int,
    _ fill: (UnsafeRawBufferPointer, UnsafeMutableRawBufferPointer) throws(CodecError) -> Int
  ) throws(CodecError) -> [UInt8] {
    var failure: CodecError?
    var result = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
      count = source.withUnsafeBytes { input in
        do throws(CodecError) {
          return try fill(input, UnsafeMutableRawBufferPointer(buffer))
        } catch {
          failure = error
          return 0
        }
      }
    }
    if let failure { throw failure }
    result.shrinkIfMostlyUnused()
    return result
  }

  /// Buffers sized by a bound or a guess can be far larger than their contents; give the
  /// memory back when more than half is unused.
  fileprivate mutating func shrinkIfMostlyUnused() {
    if capacity > 4096 && count < capacity / 2 { self = Array(self) }
  }
}
