#if canImport(Glibc)
  import Glibc
#endif

/// Hands the memory the previous payload set freed back to the system before the next set is
/// loaded, so a run's peak depends on its largest set and not on how many came before it.
///
/// glibc raises its mmap threshold to the size of each large block freed (up to 32 MiB), so after
/// the first set the next set's payload arrays, output slots and decoded copies come from the heap
/// instead of fresh mappings, and the holes the freed set left are not all reused: on the debug
/// build four 12 MB sets peaked 72 MiB above one (232.6 against 160.6 MiB; 157.3 MiB for both with
/// the threshold fixed), past the documented bound. `malloc_trim` returns the free pages; glibc's
/// <malloc.h> is not in Swift's Glibc module, so it is looked up once by name.
enum ReleasedMemory {
  static func returnToSystem() {
    #if canImport(Glibc)
      _ = trim?(0)
    #endif
  }

  #if canImport(Glibc)
    private typealias Trim = @convention(c) (Int) -> Int32
    private static let trim: Trim? = dlsym(dlopen(nil, RTLD_NOW), "malloc_trim").map {
      unsafeBitCast($0, to: Trim.self)
    }
  #endif
}
