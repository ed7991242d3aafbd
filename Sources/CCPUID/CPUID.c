#include "CCPUID.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>

int deflatebench_cpuid(uint32_t leaf, uint32_t subleaf, uint32_t registers[4]) {
  unsigned int a = 0, b = 0, c = 0, d = 0;
  // __get_cpuid_count checks the leaf against the maximum the CPU reports, as the dispatchers do.
  int ok = __get_cpuid_count(leaf, subleaf, &a, &b, &c, &d);
  registers[0] = ok ? a : 0;
  registers[1] = ok ? b : 0;
  registers[2] = ok ? c : 0;
  registers[3] = ok ? d : 0;
  return ok ? 1 : 0;
}

int deflatebench_xgetbv0(uint64_t *value) {
  uint32_t leaf1[4];
  // XGETBV faults unless the OS set CR4.OSXSAVE, which CPUID.1:ECX bit 27 mirrors.
  if (!deflatebench_cpuid(1, 0, leaf1) || !(leaf1[2] & (1u << 27))) {
    *value = 0;
    return 0;
  }
  uint32_t low = 0, high = 0;
  __asm__ volatile("xgetbv" : "=a"(low), "=d"(high) : "c"(0));
  *value = ((uint64_t)high << 32) | low;
  return 1;
}

#else

int deflatebench_cpuid(uint32_t leaf, uint32_t subleaf, uint32_t registers[4]) {
  (void)leaf;
  (void)subleaf;
  registers[0] = registers[1] = registers[2] = registers[3] = 0;
  return 0;
}

int deflatebench_xgetbv0(uint64_t *value) {
  *value = 0;
  return 0;
}

#endif
