#ifndef DEFLATEBENCH_CISAL_SHIM_H
#define DEFLATEBENCH_CISAL_SHIM_H
#include <isa-l.h>
#include <isa-l/igzip_lib.h>

// The level-buffer sizes are compound macros (sums and products of other macros), which
// Swift does not import. Level 0 needs no level buffer beyond ISAL_DEF_LVL0_DEFAULT.
static inline unsigned deflatebench_isal_level_buffer_size(int level) {
  switch (level) {
    case 0: return ISAL_DEF_LVL0_DEFAULT;
    case 1: return ISAL_DEF_LVL1_DEFAULT;
    case 2: return ISAL_DEF_LVL2_DEFAULT;
    case 3: return ISAL_DEF_LVL3_DEFAULT;
    default: return 0;
  }
}

static inline int deflatebench_isal_max_level(void) { return ISAL_DEF_MAX_LEVEL; }

static inline unsigned deflatebench_isal_version(void) {
  return (unsigned)ISAL_MAJOR_VERSION * 10000u + (unsigned)ISAL_MINOR_VERSION * 100u +
         (unsigned)ISAL_PATCH_VERSION;
}
#endif
