#if defined(__linux__)
#define _GNU_SOURCE
#include <dlfcn.h>
#include <link.h>
#endif

#include "CCacheFlush.h"

#include <stdint.h>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

static int detected = 0;
static deflatebench_flush_method method = DEFLATEBENCH_FLUSH_NONE;
static size_t line_bytes = 64;

// Reads the CPU's features once. Racing first calls compute the same values, so no lock.
static void detect(void) {
  if (__atomic_load_n(&detected, __ATOMIC_ACQUIRE)) return;
  deflatebench_flush_method found = DEFLATEBENCH_FLUSH_NONE;
  size_t line = 64;
#if defined(__x86_64__) || defined(__i386__)
  unsigned int eax, ebx, ecx, edx;
  if (__get_cpuid(1, &eax, &ebx, &ecx, &edx)) {
    // CPUID.1:EDX bit 19 is CLFSH; EBX bits 15:8 the clflush line size in 8-byte units.
    if (edx & (1u << 19)) {
      found = DEFLATEBENCH_FLUSH_CLFLUSH;
      unsigned int units = (ebx >> 8) & 0xff;
      if (units) line = (size_t)units * 8;
    }
  }
  // CPUID.(EAX=7,ECX=0):EBX bit 23 is CLFLUSHOPT.
  if (found != DEFLATEBENCH_FLUSH_NONE && __get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx) && (ebx & (1u << 23)))
    found = DEFLATEBENCH_FLUSH_CLFLUSHOPT;
#elif defined(__aarch64__)
  uint64_t ctr;
  __asm__ volatile("mrs %0, ctr_el0" : "=r"(ctr));
  // CTR_EL0.DminLine (bits 19:16) is log2 of the smallest data cache line in 4-byte words.
  line = (size_t)4 << ((ctr >> 16) & 0xf);
  found = DEFLATEBENCH_FLUSH_DC_CIVAC;
#endif
  method = found;
  line_bytes = line;
  __atomic_store_n(&detected, 1, __ATOMIC_RELEASE);
}

deflatebench_flush_method deflatebench_flush_method_in_use(void) {
  detect();
  return method;
}

size_t deflatebench_flush_line_bytes(void) {
  detect();
  return line_bytes;
}

size_t deflatebench_flush_range(const void *start, size_t bytes) {
  detect();
  if (bytes == 0 || method == DEFLATEBENCH_FLUSH_NONE) return 0;
  uintptr_t line = (uintptr_t)line_bytes;
  uintptr_t first = (uintptr_t)start & ~(line - 1);
  uintptr_t end = (uintptr_t)start + bytes;
  size_t count = 0;
#if defined(__x86_64__) || defined(__i386__)
  if (method == DEFLATEBENCH_FLUSH_CLFLUSHOPT) {
    // clflushopt spelled as its encoding (66 prefix + clflush) so no -mclflushopt is needed.
    for (uintptr_t p = first; p < end; p += line, count++)
      __asm__ volatile(".byte 0x66; clflush %0" : "+m"(*(volatile char *)p));
  } else {
    for (uintptr_t p = first; p < end; p += line, count++)
      __asm__ volatile("clflush %0" : "+m"(*(volatile char *)p));
  }
  // Both are ordered by mfence; only then are the lines gone before the timed call starts.
  __asm__ volatile("mfence" ::: "memory");
#elif defined(__aarch64__)
  for (uintptr_t p = first; p < end; p += line, count++) __asm__ volatile("dc civac, %0" ::"r"(p) : "memory");
  __asm__ volatile("dsb ish" ::: "memory");
#endif
  return count;
}

#if defined(__linux__)
struct library_search {
  uintptr_t address;
  deflatebench_segment *segments;
  size_t capacity;
  size_t count;
};

// Stops at the object one of whose segments holds the address and lists its readable segments,
// unless it is the main program (the first object, whose name is empty).
static int find_library(struct dl_phdr_info *info, size_t size, void *data) {
  (void)size;
  struct library_search *search = data;
  int holds = 0;
  for (int i = 0; i < info->dlpi_phnum && !holds; i++) {
    const ElfW(Phdr) *header = &info->dlpi_phdr[i];
    uintptr_t start = info->dlpi_addr + header->p_vaddr;
    holds = header->p_type == PT_LOAD && search->address >= start && search->address < start + header->p_memsz;
  }
  if (!holds) return 0;
  if (info->dlpi_name == NULL || info->dlpi_name[0] == '\0') return 1;
  for (int i = 0; i < info->dlpi_phnum; i++) {
    const ElfW(Phdr) *header = &info->dlpi_phdr[i];
    // A segment without read permission would fault on the flush (a flush is a read to the MMU).
    if (header->p_type != PT_LOAD || !(header->p_flags & PF_R) || header->p_memsz == 0) continue;
    if (search->count < search->capacity) {
      search->segments[search->count].start = (const void *)(info->dlpi_addr + header->p_vaddr);
      search->segments[search->count].bytes = header->p_memsz;
    }
    search->count++;
  }
  return 1;
}
#endif

size_t deflatebench_library_segments(const char *symbol, deflatebench_segment *segments, size_t capacity) {
#if defined(__linux__)
  void *address = dlsym(RTLD_DEFAULT, symbol);
  if (address == NULL) return 0;
  struct library_search search = {(uintptr_t)address, segments, capacity, 0};
  dl_iterate_phdr(find_library, &search);
  return search.count;
#else
  (void)symbol;
  (void)segments;
  (void)capacity;
  return 0;
#endif
}
