#ifndef DEFLATEBENCH_CLIBDEFLATE_SHIM_H
#define DEFLATEBENCH_CLIBDEFLATE_SHIM_H
#include <libdeflate.h>

// The header's version string is the one compiled against; libdeflate 1.14 has no runtime
// version call, and the .so's soname pins the ABI, so this is what the binary runs.
static inline const char *deflatebench_libdeflate_version(void) {
  return LIBDEFLATE_VERSION_STRING;
}
#endif
