/// C libraries reject a null buffer even when its length is zero, and an empty Swift buffer has
/// a nil base address; such buffers borrow this block instead. No library writes to it, because
/// every call passes it with a length of zero.
nonisolated(unsafe) let emptyBufferPlaceholder = UnsafeMutableRawPointer.allocate(byteCount: 16, alignment: 16)

/// The largest count a 32-bit length field (zlib's `avail_in`, ISA-L's `avail_out`) can hold.
/// Buffers longer than this are fed to such APIs in chunks of at most this many bytes.
let uint32ChunkLimit = Int(UInt32.max)

/// A chunk size a caller asked for (tests ask for small ones to exercise the chunked path) made
/// usable with a 32-bit length field: at least 1 byte, at most `uint32ChunkLimit`.
func usableChunkLimit(_ requested: Int) -> Int { max(1, min(requested, uint32ChunkLimit)) }

extension UnsafeRawBufferPointer {
  /// The first byte, or the placeholder when the buffer is empty.
  @inline(__always) var byteBase: UnsafePointer<UInt8> {
    UnsafePointer((baseAddress ?? UnsafeRawPointer(emptyBufferPlaceholder)).assumingMemoryBound(to: UInt8.self))
  }
}

extension UnsafeMutableRawBufferPointer {
  /// The first byte, or the placeholder when the buffer is empty.
  @inline(__always) var byteBase: UnsafeMutablePointer<UInt8> {
    (baseAddress ?? emptyBufferPlaceholder).assumingMemoryBound(to: UInt8.self)
  }
}
