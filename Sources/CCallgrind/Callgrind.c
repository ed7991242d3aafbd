// The callgrind client requests DeflateBench uses, behind plain functions (see CCallgrind.h).
// The header comes from Debian's valgrind package, which scripts/setup.sh installs.
#include "CCallgrind.h"

#include <valgrind/callgrind.h>

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
