#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Bytes a library currently holds through one allocator hook, and the most it ever held at once.
struct AllocationTally {
  var current = 0
  var peak = 0
}

/// Counts what a library allocates through a hook whose `free` is told only the address
/// (zlib's `zfree`, `ZSTD_customMem.customFree`, brotli's `brotli_free_func`). Each block carries
/// its size in a 16-byte header so the free can be subtracted; 16 bytes keeps the payload at
/// malloc's own alignment, which is all these libraries ask of their allocator.
///
/// The tally lives at a fixed heap address so it can travel through the libraries' `void *opaque`.
/// Not thread-safe, like the compressors that own it.
final class AllocationCounter {
  private let tally: UnsafeMutablePointer<AllocationTally>

  init() {
    tally = .allocate(capacity: 1)
    tally.initialize(to: AllocationTally())
  }

  deinit {
    tally.deinitialize(count: 1)
    tally.deallocate()
  }

  /// The pointer to hand the library as its `opaque` argument.
  var opaque: UnsafeMutableRawPointer { UnsafeMutableRawPointer(tally) }

  /// The largest number of bytes the library held at once since this counter was made.
  var peakBytes: Int { tally.pointee.peak }

  /// Bytes the library holds right now (0 once it has freed everything).
  var currentBytes: Int { tally.pointee.current }

  static let headerSize = 16

  /// malloc for a library hook: records `size` against the tally behind `opaque`.
  static func allocate(_ size: Int, opaque: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let opaque, size >= 0 else { return nil }
    let (total, overflow) = size.addingReportingOverflow(headerSize)
    guard !overflow, let block = malloc(total) else { return nil }
    block.storeBytes(of: size, as: Int.self)
    let tally = opaque.assumingMemoryBound(to: AllocationTally.self)
    tally.pointee.current += size
    if tally.pointee.current > tally.pointee.peak { tally.pointee.peak = tally.pointee.current }
    return block + headerSize
  }

  /// free for a library hook: subtracts the size stored in the block's header.
  static func free(_ address: UnsafeMutableRawPointer?, opaque: UnsafeMutableRawPointer?) {
    guard let address else { return }
    let block = address - headerSize
    if let opaque {
      opaque.assumingMemoryBound(to: AllocationTally.self).pointee.current -= block.load(as: Int.self)
    }
    #if canImport(Glibc)
      Glibc.free(block)
    #else
      Darwin.free(block)
    #endif
  }
}
