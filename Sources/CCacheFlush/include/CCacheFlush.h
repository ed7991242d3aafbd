// Flushes chosen bytes out of every level of the CPU's caches, for the cold call: its payload,
// its output and its library's code and tables leave the caches line by line instead of being
// pushed out by a sweep whose size would have to follow the last-level cache. Swift cannot emit
// these instructions itself, nor walk the loaded objects' program headers.
#ifndef DEFLATEBENCH_CCACHEFLUSH_H
#define DEFLATEBENCH_CCACHEFLUSH_H

#include <stddef.h>

// How `deflatebench_flush_range` flushes on this CPU.
typedef enum {
  // No flush instruction this build or CPU can use: the range is left alone.
  DEFLATEBENCH_FLUSH_NONE = 0,
  // x86 `clflush` (ordered by itself), then `mfence`.
  DEFLATEBENCH_FLUSH_CLFLUSH = 1,
  // x86 `clflushopt` (weakly ordered, faster over long ranges), then `mfence`.
  DEFLATEBENCH_FLUSH_CLFLUSHOPT = 2,
  // ARM64 `dc civac` (clean and invalidate to the point of coherency), then `dsb ish`.
  DEFLATEBENCH_FLUSH_DC_CIVAC = 3,
} deflatebench_flush_method;

// The method `deflatebench_flush_range` uses, read from CPUID / CTR_EL0 once.
deflatebench_flush_method deflatebench_flush_method_in_use(void);

// The stride of the flush loop in bytes (the smallest data cache line), 64 when unknown.
size_t deflatebench_flush_line_bytes(void);

// Writes back and invalidates every cache line overlapping [start, start + bytes) and waits until
// that is done. Returns the number of lines flushed: 0 when the method is NONE or bytes is 0.
// The range must be mapped (a flush is a read for the MMU).
size_t deflatebench_flush_range(const void *start, size_t bytes);

// One mapped segment of a loaded shared library.
typedef struct {
  const void *start;
  size_t bytes;
} deflatebench_segment;

// The readable PT_LOAD segments (code, read-only tables, data) of the shared library that
// defines `symbol` (looked up with dlsym(RTLD_DEFAULT)), as the dynamic linker mapped them. Fills
// at most `capacity` of `segments` and returns how many the library has: 0 when no loaded object
// defines the symbol, when the main program does (the harness's own code lives there), or where
// the platform has no dl_iterate_phdr (macOS).
size_t deflatebench_library_segments(const char *symbol, deflatebench_segment *segments, size_t capacity);

#endif
