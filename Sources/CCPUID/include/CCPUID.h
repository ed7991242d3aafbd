// The two x86 instructions that tell which SIMD code a library may run: CPUID (what the CPU
// implements) and XGETBV (which register states the operating system saves, without which AVX
// and AVX-512 code must not run). Swift cannot emit either; libraries such as ISA-L read the
// same two at their first call to choose a code path, so reading them here names the path they
// chose. Under valgrind both return what valgrind emulates, as they do for the library.
#ifndef DEFLATEBENCH_CCPUID_H
#define DEFLATEBENCH_CCPUID_H

#include <stdint.h>

// Writes EAX, EBX, ECX and EDX of CPUID(leaf, subleaf) to `registers` and returns 1; returns 0
// and writes zeros when the CPU is not x86 or does not implement the leaf.
int deflatebench_cpuid(uint32_t leaf, uint32_t subleaf, uint32_t registers[4]);

// Writes XCR0 (XGETBV with ECX = 0) to `value` and returns 1; returns 0 and writes 0 when the CPU
// is not x86 or the operating system has not enabled XGETBV (CPUID.1:ECX.OSXSAVE clear).
int deflatebench_xgetbv0(uint64_t *value);

#endif
