// The callgrind client requests DeflateBench uses, behind plain functions (see CCallgrind.h).
// The header comes from Debian's valgrind package, which scripts/setup.sh installs.
#include "CCallgrind.h"

#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#else
// No valgrind headers (macOS, or a machine set up without scripts/setup.sh): the build still
// works, and `run --metric instructions` says that this build cannot count.
#define RUNNING_ON_VALGRIND 0
#define CALLGRIND_ZERO_STATS
#define CALLGRIND_TOGGLE_COLLECT
#define CALLGRIND_DUMP_STATS_AT(reason) ((void)(reason))
#endif

int deflatebench_running_on_valgrind(void) { return RUNNING_ON_VALGRIND ? 1 : 0; }

void deflatebench_callgrind_start(void) {
  // Zero first, then collect: the counters hold only what runs after this call returns (and
  // the return itself, a few instructions that are the same for every pass).
  CALLGRIND_ZERO_STATS;
  CALLGRIND_TOGGLE_COLLECT;
}

void deflatebench_callgrind_stop(const char *reason) {
  CALLGRIND_TOGGLE_COLLECT;
  CALLGRIND_DUMP_STATS_AT(reason);
}
