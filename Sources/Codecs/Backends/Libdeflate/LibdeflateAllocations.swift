import CLibdeflate
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// libdeflate's only allocator hook, `libdeflate_set_memory_allocator`, is process-wide and its
/// malloc gets no context pointer. libdeflate allocates only inside `libdeflate_alloc_compressor` /
/// `libdeflate_alloc_decompressor` (one block each; compressing never allocates), so the bytes it
/// asks for while a compressor is created are that compressor's whole working memory.
///
/// Every libdeflate allocation in this layer goes through `allocate(_:)`: it takes one lock,
/// installs a counting malloc (plain malloc underneath, so blocks stay compatible with plain
/// `free`), runs the allocation, and puts malloc/free back. Code outside this layer that creates
/// libdeflate objects at the same moment would have its bytes counted too; nothing here crashes
/// because of it.
enum LibdeflateAllocations {
  private static let lock = Mutex<Void>(())

  /// Runs `body`, which must allocate one libdeflate object, and returns it with the bytes requested.
  static func allocate(_ body: () -> OpaquePointer?) -> (object: OpaquePointer?, bytes: Int) {
    lock.withLock { _ in
      libdeflateRequestedBytes.store(0, ordering: .relaxed)
      libdeflate_set_memory_allocator(libdeflateCountingMalloc, libdeflatePlainFree)
      let object = body()
      libdeflate_set_memory_allocator(libdeflatePlainMalloc, libdeflatePlainFree)
      return (object, libdeflateRequestedBytes.load(ordering: .relaxed))
    }
  }
}

private let libdeflateRequestedBytes = Atomic<Int>(0)

private let libdeflateCountingMalloc: @convention(c) (Int) -> UnsafeMutableRawPointer? = { size in
  libdeflateRequestedBytes.add(size, ordering: .relaxed)
  return malloc(size)
}

private let libdeflatePlainMalloc: @convention(c) (Int) -> UnsafeMutableRawPointer? = { size in malloc(size) }

private let libdeflatePlainFree: @convention(c) (UnsafeMutableRawPointer?) -> Void = { address in free(address) }
